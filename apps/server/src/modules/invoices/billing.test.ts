/**
 * Money on invoices (issue 20), on PGlite and PostgreSQL: the client pays exactly what an own invoice asks
 * (all of it, or a part where the firm allows it), in its currency, through the real order → checkout →
 * signature → provider check flow; the file moves on only when its invoices are covered; an admin's refund
 * goes through the provider first and reopens the balance; the receipt e-mail carries the receipt PDF.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, type FileStatus } from '@taxfirm/contract';
import {
  and,
  auditLog,
  emailOutbox,
  eq,
  filings,
  filingStatusHistory,
  invoices,
  paymentRefunds,
  payments,
  sandboxCharges,
  sandboxRefunds,
  siteSettings,
  staffActivity,
  users,
  type Database,
} from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/factories.ts';
import {
  createTestApp,
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  TEST_SECRET,
  type TestApp,
} from '../../../test/helpers.ts';
import { RAZORPAY_TEST_KEYS, startRazorpayStandIn, type RazorpayStandIn } from '../../../test/razorpay.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';
import { createRazorpayProvider } from '../payments/providers/razorpay.ts';
import { createSandboxProvider, sandboxSecret } from '../payments/providers/sandbox.ts';
import { createSettingsCache } from '../settings/settings.cache.ts';
import { reconcilePendingRefunds } from './billing.service.ts';

const CARD = { card_number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', name: 'Asha Rao' };

type Client = { sid: string; userId: string; clientId: string; email: string; taxYear: number };

let counter = 0;
async function clientIn(t: TestApp, status: FileStatus = 'Payment Pending'): Promise<Client> {
  const email = `billing${++counter}-${Date.now()}@example.com`;
  const account = await signUpAndLogIn(t, email);
  await t.database.db.update(filings).set({ status }).where(eq(filings.clientId, account.clientId));
  const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, account.clientId));
  if (!filing) throw new Error('no filing');
  return { ...account, email, taxYear: filing.taxYear };
}

const invoiceFor = (
  t: TestApp,
  client: Client,
  totalCents: number,
  more: Partial<Parameters<typeof makeInvoice>[1]> = {},
) => makeInvoice(t.database.db, { clientId: client.clientId, taxYear: client.taxYear, totalCents, ...more });

const setPartPayments = (db: Database, on: boolean) =>
  db.update(siteSettings).set({ invoicePartPayments: on }).where(eq(siteSettings.singleton, true));

const invoiceRow = async (db: Database, id: string) =>
  (await db.select().from(invoices).where(eq(invoices.id, id)))[0];
const filingOf = async (db: Database, clientId: string) =>
  (await db.select().from(filings).where(eq(filings.clientId, clientId)))[0];
const moves = async (db: Database, filingId: string) =>
  (await db.select().from(filingStatusHistory).where(eq(filingStatusHistory.filingId, filingId))).filter(
    (h) => h.comment === 'Payment received',
  );

/** What a client's money looks like, to prove a refused call changed nothing. */
async function snapshot(t: TestApp, client: Client) {
  const db = t.database.db;
  const filing = await filingOf(db, client.clientId);
  return {
    orders: await db.select().from(payments).where(eq(payments.clientId, client.clientId)),
    invoices: await db.select().from(invoices).where(eq(invoices.clientId, client.clientId)),
    filing,
    moves: filing ? await moves(db, filing.id) : [],
    mails: (await db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email))).length,
  };
}

function payInvoice(t: TestApp, client: Client, body: Record<string, unknown>) {
  return t.postAs(client.sid, '/api/account/invoices/pay', body);
}

/** staff/invoices/refund as an admin who has just stepped up (a refund asks for a fresh step-up). */
async function refundAs(t: TestApp, staff: { sid: string }, body: Record<string, unknown>) {
  await stepUpSession(t, staff.sid);
  return t.postAs(staff.sid, '/api/staff/invoices/refund', body);
}

const refundRows = (db: Database, invoiceId: string) =>
  db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.invoiceId, invoiceId))
    .orderBy(paymentRefunds.createdAt);

const paymentOf = async (db: Database, orderId: string) => {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!row?.providerPaymentId) throw new Error(`no paid payment for ${orderId}`);
  return { ...row, providerPaymentId: row.providerPaymentId };
};

/**
 * A refund row left pending, as a request writes it before asking the provider, `minutesAgo` old: what a
 * process that died before completing it leaves behind.
 */
async function leavePending(
  db: Database,
  payment: { id: string; invoiceId: string | null; currency: string },
  amount: number,
  minutesAgo = 10,
) {
  const [row] = await db
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      invoiceId: payment.invoiceId,
      amountCents: amount,
      currency: payment.currency,
      status: 'pending',
      idempotencyKey: randomUUID(),
      reason: 'Left pending',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

/** The reconcile pass as the app runs it, against this provider (the sandbox's book, or the stand-in). */
async function reconcile(t: TestApp, provider: PaymentProvider) {
  const settings = await createSettingsCache(t.database);
  try {
    return await reconcilePendingRefunds({
      db: t.database.db,
      provider,
      firm: () => settings.firm(),
      appUrl: 'http://localhost:3000',
    });
  } finally {
    await settings.close();
  }
}

const audits = (db: Database, clientId: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.clientId, clientId)));

describe('paying invoices with the sandbox provider', () => {
  let t: TestApp;
  let admin: { sid: string; userId: string };
  let analyst: { sid: string; userId: string };
  beforeAll(async () => {
    // The tests run the refund reconcile pass themselves.
    t = await createTestApp({ refundReconcile: { enabled: false } });
    admin = await staffSession(t, `billing-admin-${Date.now()}@firm.test`, 'admin');
    analyst = await staffSession(t, `billing-analyst-${Date.now()}@firm.test`, 'analyst');
  });
  afterAll(async () => {
    await t.close();
  });

  /** The sandbox checkout for an order, then the page's verifyOrder call. */
  async function checkout(client: Client, orderId: string) {
    const paid = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: orderId,
      ...CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const result = paid.json().result as {
      status: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    };
    const verify = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: orderId,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature,
    });
    return { result, verify };
  }

  async function payAll(client: Client, invoiceId: string, amount?: number) {
    const order = await payInvoice(t, client, { invoice_id: invoiceId, ...(amount ? { amount } : {}) });
    expect(order.statusCode, order.body).toBe(200);
    const { verify, result } = await checkout(client, order.json().id as string);
    expect(verify.statusCode, verify.body).toBe(200);
    return { orderId: order.json().id as string, paymentId: result.razorpay_payment_id };
  }

  it('pays an own invoice in full: the order is its balance in its currency, the invoice is paid and the file moves on', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 35000);
    const order = await payInvoice(t, client, { invoice_id: invoice.id });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ amount: 35000, currency: 'USD', provider: 'sandbox' });
    const row = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.json().id)))[0];
    expect(row).toMatchObject({ invoiceId: invoice.id, amountCents: 35000, status: 'created' });

    const { verify } = await checkout(client, order.json().id as string);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
      status: 'paid',
      paidCents: 35000,
      refundedCents: 0,
    });
    expect((await invoiceRow(t.database.db, invoice.id))?.paidAt).toBeInstanceOf(Date);
    const filing = await filingOf(t.database.db, client.clientId);
    expect(filing?.status).toBe('Review Pending');
    expect(await moves(t.database.db, filing?.id ?? '')).toHaveLength(1);

    // The portal's record of the payment names its invoice.
    const status = (await t.postAs(client.sid, '/api/account/payments/status', {})).json();
    expect(status.payments[0]).toMatchObject({
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      refunded: 0,
      status: 'paid',
    });
    expect(status.invoice).toBeNull();

    // Paid: another order is refused.
    const again = await payInvoice(t, client, { invoice_id: invoice.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().status_smessage).toBe('This invoice is already paid.');
  });

  it('takes a part payment only when the firm allows it, and never more than the balance', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 35000);
    const before = await snapshot(t, client);

    await setPartPayments(t.database.db, false);
    const part = await payInvoice(t, client, { invoice_id: invoice.id, amount: 20000 });
    expect(part.statusCode).toBe(422);
    expect(part.json().status_smessage).toBe('Please pay the full balance due.');
    const over = await payInvoice(t, client, { invoice_id: invoice.id, amount: 35001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().status_smessage).toBe('The amount is more than the balance due.');
    expect(await snapshot(t, client)).toEqual(before);

    await setPartPayments(t.database.db, true);
    try {
      const allowed = await payInvoice(t, client, { invoice_id: invoice.id, amount: 20000 });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.json()).toMatchObject({ amount: 20000, currency: 'USD' });
      expect((await payInvoice(t, client, { invoice_id: invoice.id, amount: 35001 })).statusCode).toBe(422);
    } finally {
      await setPartPayments(t.database.db, false);
    }
  });

  it("answers another client's invoice and a draft as not found, and refuses a void one (409)", async () => {
    const owner = await clientIn(t);
    const other = await clientIn(t);
    const theirs = await invoiceFor(t, owner, 10000);
    const draft = await invoiceFor(t, other, 10000, { status: 'draft' });
    const voided = await invoiceFor(t, other, 10000, { status: 'void' });
    const before = { owner: await snapshot(t, owner), other: await snapshot(t, other) };

    for (const id of [theirs.id, draft.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await payInvoice(t, other, { invoice_id: id });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().status_smessage).toBe('Invoice not found.');
    }
    const res = await payInvoice(t, other, { invoice_id: voided.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().status_smessage).toBe('This invoice is void and cannot be paid.');
    expect({ owner: await snapshot(t, owner), other: await snapshot(t, other) }).toEqual(before);
  });

  it("lets the client choose no currency: a body's currency is ignored, the order is in the invoice's", async () => {
    const client = await clientIn(t);
    const usd = await invoiceFor(t, client, 12000);
    const inr = await invoiceFor(t, client, 800000, { currency: 'INR' });
    const a = await payInvoice(t, client, { invoice_id: usd.id, currency: 'INR' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ amount: 12000, currency: 'USD' });
    const b = await payInvoice(t, client, { invoice_id: inr.id, currency: 'USD' });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ amount: 800000, currency: 'INR' });
    const rows = await t.database.db.select().from(payments).where(eq(payments.clientId, client.clientId));
    expect(rows.map((r) => [r.invoiceId, r.currency, r.amountCents]).sort()).toEqual(
      [
        [usd.id, 'USD', 12000],
        [inr.id, 'INR', 800000],
      ].sort(),
    );
  });

  it('refuses a forged signature (400) and a replayed verification of a paid order (409), changing nothing', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 15000);
    const order = await payInvoice(t, client, { invoice_id: invoice.id });
    const orderId = order.json().id as string;
    const paid = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: orderId,
      ...CARD,
    });
    const result = paid.json().result as { razorpay_payment_id: string; razorpay_signature: string };

    const before = await snapshot(t, client);
    const forged = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: orderId,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect(forged.statusCode).toBe(400);
    expect(await snapshot(t, client)).toEqual(before);
    expect((await invoiceRow(t.database.db, invoice.id))?.paidCents).toBe(0);

    const body = {
      order_id: orderId,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature,
    };
    expect((await t.postAs(client.sid, '/api/payment/verifyOrder', body)).statusCode).toBe(200);
    const settled = await snapshot(t, client);
    expect(settled.invoices[0]).toMatchObject({ status: 'paid', paidCents: 15000 });
    const replay = await t.postAs(client.sid, '/api/payment/verifyOrder', body);
    expect(replay.statusCode).toBe(409);
    expect(await snapshot(t, client)).toEqual(settled);
  });

  it('$200 then $150 on a $350 invoice: partly paid, then paid; the file moves only after the second, the analyst hears of the first', async () => {
    const client = await clientIn(t);
    await t.database.db
      .update(filings)
      .set({ assignedTo: analyst.userId })
      .where(eq(filings.clientId, client.clientId));
    const [analystUser] = await t.database.db.select().from(users).where(eq(users.id, analyst.userId));
    const invoice = await invoiceFor(t, client, 35000);
    await setPartPayments(t.database.db, true);
    try {
      await payAll(client, invoice.id, 20000);
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
        status: 'partly_paid',
        paidCents: 20000,
        paidAt: null,
      });
      let filing = await filingOf(t.database.db, client.clientId);
      expect(filing?.status).toBe('Payment Pending');
      expect(await moves(t.database.db, filing?.id ?? '')).toEqual([]);
      const activity = await t.database.db
        .select()
        .from(staffActivity)
        .where(eq(staffActivity.clientId, client.clientId));
      expect(activity.map((a) => a.summary)).toEqual([
        `Paid $200.00 on ${invoice.number} ($150.00 still due)`,
      ]);
      const alert = (
        await t.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, analystUser?.email ?? ''))
      ).find((m) => m.subject === 'Payment from Asha Rao needs a look');
      expect(alert?.text).toContain(`Paid $200.00 on ${invoice.number} ($150.00 still due)`);

      // /user/payment's balance and the second payment through it: it goes to the same invoice.
      const status = (await t.postAs(client.sid, '/api/account/payments/status', {})).json();
      expect(status).toMatchObject({
        invoice: { id: invoice.id, number: invoice.number, balance: 15000 },
        part_payments: true,
      });
      const over = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 15001, currency: 'USD' });
      expect(over.statusCode).toBe(422);
      expect(over.json().status_smessage).toBe('The amount is more than the balance due.');
      const order = await t.postAs(client.sid, '/api/payment/createOrder', {
        amount: 15000,
        currency: 'USD',
      });
      expect(order.statusCode, order.body).toBe(200);
      expect((await checkout(client, order.json().id as string)).verify.statusCode).toBe(200);

      const paid = await invoiceRow(t.database.db, invoice.id);
      expect(paid).toMatchObject({ status: 'paid', paidCents: 35000 });
      filing = await filingOf(t.database.db, client.clientId);
      expect(filing?.status).toBe('Review Pending');
      expect(await moves(t.database.db, filing?.id ?? '')).toEqual([
        expect.objectContaining({ fromStatus: 'Payment Pending', toStatus: 'Review Pending' }),
      ]);
      // Each receipt says what is left on the invoice.
      const receipts = (
        await t.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, client.email))
          .orderBy(emailOutbox.createdAt)
      ).filter((m) => m.subject.startsWith('Payment received'));
      expect(receipts.map((m) => m.subject)).toEqual([
        'Payment received: your receipt for $200.00',
        'Payment received: your receipt for $150.00',
      ]);
      expect(receipts[0]?.text).toContain(`$150.00 is still due on invoice ${invoice.number}`);
      expect(receipts[1]?.text).toContain(`Invoice ${invoice.number} is paid in full.`);
    } finally {
      await setPartPayments(t.database.db, false);
    }
  });

  it('records a /user/payment payment with no open invoice, never moves the file, and alerts its staff', async () => {
    const client = await clientIn(t);
    const order = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 5000, currency: 'USD' });
    expect(order.statusCode, order.body).toBe(200);
    expect((await checkout(client, order.json().id as string)).verify.statusCode).toBe(200);
    const row = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.json().id)))[0];
    expect(row).toMatchObject({ status: 'paid', invoiceId: null });
    expect((await filingOf(t.database.db, client.clientId))?.status).toBe('Payment Pending');
    const activity = await t.database.db
      .select()
      .from(staffActivity)
      .where(eq(staffActivity.clientId, client.clientId));
    expect(activity.map((a) => a.summary)).toEqual(['Paid $50.00 with no open invoice']);
    // No analyst on the file: the admins hear of it.
    const [adminUser] = await t.database.db.select().from(users).where(eq(users.id, admin.userId));
    const alerts = (
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, adminUser?.email ?? ''))
    ).filter((m) => m.text.includes('Paid $50.00 with no open invoice'));
    expect(alerts).toHaveLength(1);
  });

  it('never moves the file on a payment without an invoice, even when its only invoice is already paid', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    await t.database.db
      .update(invoices)
      .set({ status: 'paid', paidCents: 20000, paidAt: new Date() })
      .where(eq(invoices.id, invoice.id));
    const order = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 100, currency: 'USD' });
    expect(order.statusCode, order.body).toBe(200);
    expect((await checkout(client, order.json().id as string)).verify.statusCode).toBe(200);
    const row = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.json().id)))[0];
    expect(row).toMatchObject({ status: 'paid', invoiceId: null });
    const filing = await filingOf(t.database.db, client.clientId);
    expect(filing?.status).toBe('Payment Pending');
    expect(await moves(t.database.db, filing?.id ?? '')).toEqual([]);
  });

  it('records both of two checkouts of one balance: the file moves on, and staff are told to refund the difference', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 35000);
    // Two tabs: both orders are made before either is paid (an order does not reserve the balance).
    const first = await payInvoice(t, client, { invoice_id: invoice.id });
    const second = await payInvoice(t, client, { invoice_id: invoice.id });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await checkout(client, first.json().id as string)).verify.statusCode).toBe(200);
    expect((await checkout(client, second.json().id as string)).verify.statusCode).toBe(200);
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ status: 'paid', paidCents: 70000 });
    expect((await filingOf(t.database.db, client.clientId))?.status).toBe('Review Pending');
    const activity = await t.database.db
      .select()
      .from(staffActivity)
      .where(eq(staffActivity.clientId, client.clientId));
    const overpaid = `Paid $350.00 on ${invoice.number}: paid $350.00 more than its total, refund the difference`;
    expect(activity.map((a) => a.summary)).toEqual([
      `Paid $350.00 on ${invoice.number} (paid in full)`,
      overpaid,
    ]);
    const [adminUser] = await t.database.db.select().from(users).where(eq(users.id, admin.userId));
    const alerts = (
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, adminUser?.email ?? ''))
    ).filter((m) => m.text.includes(overpaid));
    expect(alerts).toHaveLength(1);
  });

  it('records money landing on an invoice voided meanwhile: it stays void, the file stays, staff are told to refund it', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 15000);
    const order = await payInvoice(t, client, { invoice_id: invoice.id });
    expect(order.statusCode, order.body).toBe(200);
    await t.database.db
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date(), voidReason: 'Billed twice' })
      .where(eq(invoices.id, invoice.id));
    expect((await checkout(client, order.json().id as string)).verify.statusCode).toBe(200);
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ status: 'void', paidCents: 15000 });
    expect((await filingOf(t.database.db, client.clientId))?.status).toBe('Payment Pending');
    const activity = await t.database.db
      .select()
      .from(staffActivity)
      .where(eq(staffActivity.clientId, client.clientId));
    expect(activity.map((a) => a.summary)).toEqual([
      `Paid $150.00 on void invoice ${invoice.number}: refund it`,
    ]);
  });

  it('an admin refund goes through the provider, reopens the balance and the status, and tells the client', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 35000);
    const { orderId, paymentId } = await payAll(client, invoice.id);

    const res = await refundAs(t, admin, {
      invoice_id: invoice.id,
      order_id: orderId,
      amount: 10000,
      reason: 'Discount agreed after filing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status_smessage: 'Refund recorded.',
      invoice: {
        id: invoice.id,
        status: 'partly_paid',
        paid: 35000,
        refunded: 10000,
        balance: 10000,
        payments: [{ order_id: orderId, payment_id: paymentId, amount: 35000, refunded: 10000 }],
        refunds: [{ order_id: orderId, amount: 10000, reason: 'Discount agreed after filing' }],
      },
    });
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
      status: 'partly_paid',
      refundedCents: 10000,
      paidAt: null,
    });
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, paymentId));
    expect(charge?.refundedCents).toBe(10000);
    const [refund] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.invoiceId, invoice.id));
    expect(refund).toMatchObject({ amountCents: 10000, currency: 'USD', createdBy: admin.userId });
    expect(refund?.providerRefundId).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.refund'), eq(auditLog.clientId, client.clientId)));
    expect(audits).toHaveLength(1);
    const mail = (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email))
    ).find((m) => m.subject === `A refund was made on invoice ${invoice.number}`);
    expect(mail).toBeDefined();
    // The client's own record of the payment shows what was refunded.
    const own = (await t.postAs(client.sid, '/api/account/payments/order', { order_id: orderId })).json();
    expect(own.order).toMatchObject({ refunded: 10000, invoice_number: invoice.number });

    // The rest of it: the invoice is back to sent, with its whole balance due.
    const rest = await refundAs(t, admin, {
      invoice_id: invoice.id,
      order_id: orderId,
      amount: 25000,
      reason: 'Client cancelled',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().invoice).toMatchObject({ status: 'sent', balance: 35000, refunded: 35000 });
  });

  it('refuses a refund over what is left of the payment without asking the provider, and an analyst (403)', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const { orderId, paymentId } = await payAll(client, invoice.id);
    const body = { invoice_id: invoice.id, order_id: orderId, amount: 20001, reason: 'Too much' };
    const before = await snapshot(t, client);

    const over = await refundAs(t, admin, body);
    expect(over.statusCode).toBe(422);
    expect(over.json().status_smessage).toBe(
      'Enter a refund of at least 0.01 and no more than what is left of the payment.',
    );
    const byAnalyst = await t.postAs(analyst.sid, '/api/staff/invoices/refund', { ...body, amount: 100 });
    expect(byAnalyst.statusCode).toBe(403);
    const unknownOrder = await refundAs(t, admin, {
      ...body,
      order_id: 'order_NotOnThisInvoice',
      amount: 100,
    });
    expect(unknownOrder.statusCode).toBe(404);
    expect(unknownOrder.json().status_smessage).toBe('That payment is not on this invoice.');

    expect(await snapshot(t, client)).toEqual(before);
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, paymentId));
    expect(charge?.refundedCents).toBe(0);
    expect(
      await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.invoiceId, invoice.id)),
    ).toEqual([]);
  });

  describe('refunds recorded before money moves (S2-09) and their step-up', () => {
    const sandbox = () => createSandboxProvider({ db: t.database.db, secret: sandboxSecret(TEST_SECRET) });
    const chargeOf = async (id: string) =>
      (await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)))[0];

    it('asks for a fresh step-up: without one, 403 STEP_UP_REQUIRED and nothing changes', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const notStepped = await staffSession(t, `billing-admin-nostep-${Date.now()}@firm.test`, 'admin');
      const before = await snapshot(t, client);
      const res = await t.postAs(notStepped.sid, '/api/staff/invoices/refund', {
        invoice_id: invoice.id,
        order_id: orderId,
        amount: 5000,
        reason: 'Goodwill',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        status_smessage: MESSAGES.STEP_UP_REQUIRED,
      });
      expect(await snapshot(t, client)).toEqual(before);
      expect((await chargeOf(paymentId))?.refundedCents).toBe(0);
      expect(await refundRows(t.database.db, invoice.id)).toEqual([]);
      // Stepped up, the same session may.
      expect(
        (
          await refundAs(t, notStepped, {
            invoice_id: invoice.id,
            order_id: orderId,
            amount: 5000,
            reason: 'Goodwill',
          })
        ).statusCode,
      ).toBe(200);
    });

    it("completes the row it wrote pending, and the provider's refund carries the row's key", async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const res = await refundAs(t, admin, {
        invoice_id: invoice.id,
        order_id: orderId,
        amount: 5000,
        reason: 'Goodwill',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await refundRows(t.database.db, invoice.id);
      expect(row).toMatchObject({ status: 'completed', amountCents: 5000, failureReason: null });
      expect(row?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(row?.settledAt).toBeInstanceOf(Date);
      const [made] = await t.database.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.chargeId, paymentId));
      expect(made).toMatchObject({
        id: row?.providerRefundId,
        idempotencyKey: row?.idempotencyKey,
        amountCents: 5000,
      });
    });

    it('marks the row failed when the provider refuses: 422, no money moved, the invoice unchanged', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      // Refunded at the provider's own dashboard meanwhile: the provider has nothing left to give back.
      await t.database.db
        .update(sandboxCharges)
        .set({ refundedCents: 20000 })
        .where(eq(sandboxCharges.id, paymentId));
      const before = await invoiceRow(t.database.db, invoice.id);
      const res = await refundAs(t, admin, {
        invoice_id: invoice.id,
        order_id: orderId,
        amount: 5000,
        reason: 'Goodwill',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().status_smessage).toBe(MESSAGES.REFUND_PROVIDER_REFUSED);
      const rows = await refundRows(t.database.db, invoice.id);
      expect(rows).toEqual([
        expect.objectContaining({
          status: 'failed',
          providerRefundId: null,
          failureReason: expect.any(String),
        }),
      ]);
      expect(await invoiceRow(t.database.db, invoice.id)).toEqual(before);
      expect((await paymentOf(t.database.db, orderId)).refundedCents).toBe(0);
      expect(await audits(t.database.db, client.clientId, 'invoice.refund')).toEqual([]);
      expect(await audits(t.database.db, client.clientId, 'invoice.refund.failed')).toHaveLength(1);
      // The client hears of no refund, and the invoice lists none.
      const shown = (
        await t.postAs(client.sid, '/api/account/invoices/get', { invoice_id: invoice.id })
      ).json();
      expect(shown.invoice.refunds).toEqual([]);
    });

    it('refuses a second refund while one is pending (409), without asking the provider; two at once refund once', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const payment = await paymentOf(t.database.db, orderId);
      const body = { invoice_id: invoice.id, order_id: orderId, amount: 5000, reason: 'Goodwill' };

      const inFlight = await leavePending(t.database.db, payment, 5000, 0);
      const again = await refundAs(t, admin, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().status_smessage).toBe(MESSAGES.REFUND_IN_PROGRESS);
      expect((await chargeOf(paymentId))?.refundedCents).toBe(0);
      expect((await refundRows(t.database.db, invoice.id)).map((r) => r.id)).toEqual([inFlight.id]);
      // That one turns out never to have reached the provider: the pass fails it, and a new refund may go.
      await t.database.db
        .update(paymentRefunds)
        .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(paymentRefunds.id, inFlight.id));
      expect(await reconcile(t, sandbox())).toMatchObject({ completed: 0, failed: 1 });

      await stepUpSession(t, admin.sid);
      const twice = await Promise.all([
        t.postAs(admin.sid, '/api/staff/invoices/refund', { ...body, amount: 15000 }),
        t.postAs(admin.sid, '/api/staff/invoices/refund', { ...body, amount: 15000 }),
      ]);
      expect(twice.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
      expect([409, 422]).toContain(twice.map((r) => r.statusCode).sort()[1]);
      expect((await chargeOf(paymentId))?.refundedCents).toBe(15000);
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ refundedCents: 15000 });
    });

    it('runs the reconcile pass on its own shortly after the app starts', async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 20000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const crashed = await leavePending(t.database.db, await paymentOf(t.database.db, orderId), 4000);
      await sandbox().refundPayment({ id: paymentId, currency: 'USD' }, 4000, crashed.idempotencyKey);
      // The app started again on the same database (the default: its pass runs at start, then every ten minutes).
      const restarted = await createTestApp(
        { refundReconcile: { firstRunMs: 100 } },
        { database: t.database },
      );
      try {
        await expect
          .poll(async () => (await refundRows(t.database.db, invoice.id))[0]?.status, { timeout: 10_000 })
          .toBe('completed');
      } finally {
        await restarted.app.close();
      }
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ refundedCents: 4000 });
    });

    it("reconciles a pending row left by a crash: completed from the provider's record, or failed when it has none", async () => {
      const client = await clientIn(t);
      const invoice = await invoiceFor(t, client, 30000);
      const { orderId, paymentId } = await payAll(client, invoice.id);
      const payment = await paymentOf(t.database.db, orderId);

      // The process wrote the row, asked the provider, and died before completing it.
      const crashed = await leavePending(t.database.db, payment, 10000);
      const made = await sandbox().refundPayment(
        { id: paymentId, currency: 'USD' },
        10000,
        crashed.idempotencyKey,
      );
      // A young pending row may still have its request in flight: the pass leaves it alone.
      expect(
        await reconcilePendingRefunds(
          {
            db: t.database.db,
            provider: sandbox(),
            firm: async () => {
              throw new Error('not asked');
            },
            appUrl: '',
          },
          { olderThanMs: 60 * 60_000 },
        ),
      ).toEqual({ completed: 0, failed: 0, left: 0 });
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ status: 'paid', refundedCents: 0 });

      expect(await reconcile(t, sandbox())).toMatchObject({ completed: 1, failed: 0 });
      expect((await refundRows(t.database.db, invoice.id))[0]).toMatchObject({
        id: crashed.id,
        status: 'completed',
        providerRefundId: made.id,
      });
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
        status: 'partly_paid',
        refundedCents: 10000,
      });
      expect((await paymentOf(t.database.db, orderId)).refundedCents).toBe(10000);
      const [audit] = await audits(t.database.db, client.clientId, 'invoice.refund');
      expect(audit).toMatchObject({ actorUserId: null });
      const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
      expect(
        mails.filter((m) => m.subject === `A refund was made on invoice ${invoice.number}`),
      ).toHaveLength(1);
      // A second pass finds nothing to do: nothing is counted twice.
      expect(await reconcile(t, sandbox())).toEqual({ completed: 0, failed: 0, left: 0 });

      // The process died before the provider was asked: the provider has no record, the row fails.
      const never = await leavePending(t.database.db, payment, 5000);
      expect(await reconcile(t, sandbox())).toMatchObject({ completed: 0, failed: 1 });
      expect((await refundRows(t.database.db, invoice.id)).find((r) => r.id === never.id)).toMatchObject({
        status: 'failed',
        failureReason: 'The provider has no record of this refund.',
      });
      expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ refundedCents: 10000 });
      expect((await chargeOf(paymentId))?.refundedCents).toBe(10000);
    });
  });
});

describe('receipts by e-mail (a real SMTP server)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'portal@firm.test', pollMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("attaches the payment's receipt PDF to the receipt e-mail of an invoice payment", async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 35000);
    const order = await payInvoice(t, client, { invoice_id: invoice.id });
    const orderId = order.json().id as string;
    const paid = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: orderId,
      ...CARD,
    });
    const result = paid.json().result as { razorpay_payment_id: string; razorpay_signature: string };
    const verify = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: orderId,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [outbox] = (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email))
    ).filter((m) => m.subject.startsWith('Payment received'));
    expect(outbox?.attachment).toBe(`receipt:${row?.id}`);

    await t.app.mail.wake();
    await expect
      .poll(
        () => smtp.received.some((m) => m.to.includes(client.email) && m.raw.includes('Payment received')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const raw = smtp.received.find(
      (m) => m.to.includes(client.email) && m.raw.includes('Payment received'),
    )?.raw;
    const filename = `${invoice.number}-receipt-${orderId}.pdf`;
    expect(raw).toMatch(/Content-Type: application\/pdf/i);
    expect(raw).toContain(filename);
    // The attachment's bytes (base64) begin with a PDF's header, "%PDF-".
    const part = raw?.split(filename).at(-1) ?? '';
    const base64 = /\r?\n\r?\n([A-Za-z0-9+/\r\n]+)/.exec(part)?.[1]?.replace(/\s/g, '') ?? '';
    expect(Buffer.from(base64.slice(0, 8), 'base64').toString('latin1')).toMatch(/^%PDF-/);
  });

  it('sends the e-mail without an attachment when its reference names no receipt', async () => {
    const to = `noreceipt-${Date.now()}@example.com`;
    await t.database.db.insert(emailOutbox).values({
      to,
      subject: 'Payment received: your receipt for $1.00',
      text: 'Thank you.',
      html: '<p>Thank you.</p>',
      attachment: 'receipt:00000000-0000-4000-8000-000000000000',
    });
    await t.app.mail.wake();
    await expect.poll(() => smtp.received.some((m) => m.to.includes(to)), { timeout: 10_000 }).toBe(true);
    expect(smtp.received.find((m) => m.to.includes(to))?.raw).not.toMatch(/application\/pdf/i);
    expect(t.logs()).toContain('attachment not found');
  });
});

describe('invoices with the razorpay provider (against a local stand-in of its API)', () => {
  let t: TestApp;
  let rzp: RazorpayStandIn;
  let admin: { sid: string; userId: string };
  beforeAll(async () => {
    rzp = await startRazorpayStandIn();
    t = await createTestApp({
      payments: { provider: 'razorpay', ...RAZORPAY_TEST_KEYS, apiUrl: rzp.url },
      refundReconcile: { enabled: false },
    });
    admin = await staffSession(t, `rzp-admin-${Date.now()}@firm.test`, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await rzp.close();
  });

  const postWebhook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });

  it('records an invoice payment once when the checkout and the webhook both report it', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 35000);
    const order = await payInvoice(t, client, { invoice_id: invoice.id });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json().id as string;
    expect(rzp.orders.get(orderId)).toMatchObject({ amount: 35000, currency: 'USD' });
    const paid = rzp.pay(orderId);
    const event = rzp.webhook('payment.captured', paid.payment);
    const [browser, webhook] = await Promise.all([
      t.postAs(client.sid, '/api/payment/verifyOrder', {
        order_id: orderId,
        payment_id: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      }),
      postWebhook(event.body, event.signature),
    ]);
    expect(webhook.statusCode).toBe(200);
    expect([200, 409]).toContain(browser.statusCode);
    // And the webhook again, later: already known.
    expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ status: 'paid', paidCents: 35000 });
    const filing = await filingOf(t.database.db, client.clientId);
    expect(filing?.status).toBe('Review Pending');
    expect(await moves(t.database.db, filing?.id ?? '')).toHaveLength(1);
  });

  it("refunds through Razorpay's refund API with the amount, then records it", async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const order = await payInvoice(t, client, { invoice_id: invoice.id });
    const orderId = order.json().id as string;
    const paid = rzp.pay(orderId);
    const verify = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: orderId,
      payment_id: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    expect(verify.statusCode, verify.body).toBe(200);

    const res = await refundAs(t, admin, {
      invoice_id: invoice.id,
      order_id: orderId,
      amount: 5000,
      reason: 'Duplicate state return',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toMatchObject({ status: 'partly_paid', balance: 5000 });
    expect(
      rzp.requests.find(
        (r) => r.method === 'POST' && r.path === `/v1/payments/${paid.razorpay_payment_id}/refund`,
      ),
    ).toMatchObject({ authorized: true, body: { amount: 5000 } });
    const [refund] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.invoiceId, invoice.id));
    expect(refund?.providerRefundId).toMatch(/^rfnd_/);
  });

  /** An invoice paid through the stand-in's checkout. */
  async function paidWithRazorpay(client: Client, invoiceId: string) {
    const order = await payInvoice(t, client, { invoice_id: invoiceId });
    const orderId = order.json().id as string;
    const paid = rzp.pay(orderId);
    const verify = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: orderId,
      payment_id: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    return { orderId, paymentId: paid.razorpay_payment_id };
  }

  it("writes the refund pending and commits it before Razorpay is asked, sends the row's key, then completes it", async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const { orderId, paymentId } = await paidWithRazorpay(client, invoice.id);
    let seen: (typeof paymentRefunds.$inferSelect)[] = [];
    rzp.beforeNext(`/v1/payments/${paymentId}/refund`, async () => {
      seen = await refundRows(t.database.db, invoice.id);
    });
    const res = await refundAs(t, admin, {
      invoice_id: invoice.id,
      order_id: orderId,
      amount: 5000,
      reason: 'Goodwill',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(seen).toEqual([
      expect.objectContaining({ status: 'pending', amountCents: 5000, providerRefundId: null }),
    ]);
    const key = seen[0]?.idempotencyKey;
    const sent = rzp.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`,
    );
    expect(sent).toEqual([
      expect.objectContaining({
        idempotencyKey: key,
        body: { amount: 5000, receipt: key, notes: { idempotency_key: key } },
      }),
    ]);
    const made = rzp.refunds.filter((r) => r.payment_id === paymentId);
    expect((await refundRows(t.database.db, invoice.id))[0]).toMatchObject({
      status: 'completed',
      idempotencyKey: key,
      providerRefundId: made[0]?.id,
    });
  });

  it('marks the row failed when Razorpay refuses (422); when it is down and has no record yet (503) the row stays pending, a retry is refused, and the pass fails it later: no money moved, never twice', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const { orderId, paymentId } = await paidWithRazorpay(client, invoice.id);
    const before = await invoiceRow(t.database.db, invoice.id);
    const body = { invoice_id: invoice.id, order_id: orderId, amount: 5000, reason: 'Goodwill' };

    rzp.failNext(`/v1/payments/${paymentId}/refund`, 400);
    const refused = await refundAs(t, admin, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().status_smessage).toBe(MESSAGES.REFUND_PROVIDER_REFUSED);

    rzp.failNext(`/v1/payments/${paymentId}/refund`, 500);
    const down = await refundAs(t, admin, body);
    expect(down.statusCode).toBe(503);
    // Not found yet is not proof that none will appear (Razorpay may still be making it): no "failed" yet.
    expect(down.json().status_smessage).toBe(MESSAGES.REFUND_OUTCOME_UNKNOWN);
    // It looked the refund up by its key before saying so.
    expect(
      rzp.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${paymentId}/refunds`),
    ).toHaveLength(1);
    expect((await refundRows(t.database.db, invoice.id)).map((r) => r.status)).toEqual(['failed', 'pending']);
    // The admin's retry is refused while it is pending: a second refund cannot go out.
    const retry = await refundAs(t, admin, body);
    expect(retry.statusCode).toBe(409);

    // Minutes later the pass finds no record at Razorpay: failed, no money moved.
    await t.database.db
      .update(paymentRefunds)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(paymentRefunds.status, 'pending'));
    expect(
      await reconcile(t, createRazorpayProvider({ ...RAZORPAY_TEST_KEYS, apiUrl: rzp.url })),
    ).toMatchObject({ completed: 0, failed: 1 });
    expect((await refundRows(t.database.db, invoice.id)).map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId)).toEqual([]);
    expect(await invoiceRow(t.database.db, invoice.id)).toEqual(before);
    expect((await paymentOf(t.database.db, orderId)).refundedCents).toBe(0);
  });

  it('finds by its key a refund whose answer was lost, and records it once', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const { orderId, paymentId } = await paidWithRazorpay(client, invoice.id);
    rzp.loseNextAnswer(`/v1/payments/${paymentId}/refund`);
    const res = await refundAs(t, admin, {
      invoice_id: invoice.id,
      order_id: orderId,
      amount: 5000,
      reason: 'Goodwill',
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = rzp.refunds.filter((r) => r.payment_id === paymentId);
    expect(made).toHaveLength(1);
    expect(await refundRows(t.database.db, invoice.id)).toEqual([
      expect.objectContaining({ status: 'completed', providerRefundId: made[0]?.id }),
    ]);
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
      status: 'partly_paid',
      refundedCents: 5000,
    });
  });

  it("refuses a retry while a refund is pending (409), and reconciles the pending one from Razorpay's record", async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const { orderId, paymentId } = await paidWithRazorpay(client, invoice.id);
    const payment = await paymentOf(t.database.db, orderId);
    const provider = createRazorpayProvider({ ...RAZORPAY_TEST_KEYS, apiUrl: rzp.url });

    // The process wrote the row, sent the refund with its key, and died before completing it.
    const crashed = await leavePending(t.database.db, payment, 7000);
    const made = await provider.refundPayment(
      { id: paymentId, currency: 'USD' },
      7000,
      crashed.idempotencyKey,
    );
    const posts = () =>
      rzp.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`).length;
    const sentBefore = posts();

    const retry = await refundAs(t, admin, {
      invoice_id: invoice.id,
      order_id: orderId,
      amount: 7000,
      reason: 'Again',
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().status_smessage).toBe(MESSAGES.REFUND_IN_PROGRESS);
    expect(posts()).toBe(sentBefore);

    expect(await reconcile(t, provider)).toMatchObject({ completed: 1, failed: 0 });
    expect(await refundRows(t.database.db, invoice.id)).toEqual([
      expect.objectContaining({ id: crashed.id, status: 'completed', providerRefundId: made.id }),
    ]);
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
      status: 'partly_paid',
      refundedCents: 7000,
    });
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1);

    // A pending row Razorpay never got fails; the money stays as it is.
    const never = await leavePending(t.database.db, payment, 3000);
    expect(await reconcile(t, provider)).toMatchObject({ completed: 0, failed: 1 });
    expect((await refundRows(t.database.db, invoice.id)).find((r) => r.id === never.id)?.status).toBe(
      'failed',
    );
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ refundedCents: 7000 });
  });

  it('leaves the refund pending when neither the answer nor the lookup comes back (503), refuses a retry, and the pass records it once', async () => {
    const client = await clientIn(t);
    const invoice = await invoiceFor(t, client, 20000);
    const { orderId, paymentId } = await paidWithRazorpay(client, invoice.id);
    const body = { invoice_id: invoice.id, order_id: orderId, amount: 6000, reason: 'Goodwill' };
    // Razorpay makes the refund, but its answer is lost, and the lookup by key fails too.
    rzp.loseNextAnswer(`/v1/payments/${paymentId}/refund`);
    rzp.failNext(`/v1/payments/${paymentId}/refunds`, 500);
    const unknown = await refundAs(t, admin, body);
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().status_smessage).toBe(MESSAGES.REFUND_OUTCOME_UNKNOWN);
    const [pending] = await refundRows(t.database.db, invoice.id);
    expect(pending).toMatchObject({ status: 'pending', providerRefundId: null, settledAt: null });
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({ status: 'paid', refundedCents: 0 });
    // Staff see it in progress; the client sees no refund until it is confirmed.
    const staffView = async () =>
      (await t.postAs(admin.sid, '/api/staff/invoices/list', { client_id: client.clientId })).json().data[0];
    expect(await staffView()).toMatchObject({
      refunds: [],
      refunds_pending: [{ order_id: orderId, amount: 6000, created_at: pending?.createdAt.toISOString() }],
    });
    const own = (await t.postAs(client.sid, '/api/account/invoices/get', { invoice_id: invoice.id })).json();
    expect(own.invoice.refunds).toEqual([]);
    expect(own.invoice).not.toHaveProperty('refunds_pending');

    const retry = await refundAs(t, admin, body);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().status_smessage).toBe(MESSAGES.REFUND_IN_PROGRESS);

    await t.database.db
      .update(paymentRefunds)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(paymentRefunds.id, pending?.id ?? ''));
    const provider = createRazorpayProvider({ ...RAZORPAY_TEST_KEYS, apiUrl: rzp.url });
    expect(await reconcile(t, provider)).toMatchObject({ completed: 1 });
    const made = rzp.refunds.filter((r) => r.payment_id === paymentId);
    expect(made).toHaveLength(1);
    expect(await refundRows(t.database.db, invoice.id)).toEqual([
      expect.objectContaining({ id: pending?.id, status: 'completed', providerRefundId: made[0]?.id }),
    ]);
    expect(await invoiceRow(t.database.db, invoice.id)).toMatchObject({
      status: 'partly_paid',
      refundedCents: 6000,
    });
    expect(await staffView()).toMatchObject({
      refunds: [{ order_id: orderId, amount: 6000, refund_id: made[0]?.id }],
      refunds_pending: [],
    });
  });
});
