/**
 * Shared by the billing tests (billing.*.test.ts): clients on a filing, invoices, the sandbox checkout, refunds
 * as a stepped-up admin, pending refund rows and the reconcile pass, and what the database holds.
 */
import { randomUUID } from 'node:crypto';
import type { FileStatus } from '@taxfirm/contract';
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
  siteSettings,
  staffActivity,
  users,
  type Database,
} from '@taxfirm/db';
import { beforeAll, expect } from 'vitest';
import { makeInvoice } from '../../../../test/factories.ts';
import {
  signUpAndLogIn,
  staffSession,
  stepUpSession,
  type StaffSession,
  useTestApp,
  type TestApp,
} from '../../../../test/helpers.ts';
import type { PaymentProvider } from '../../payments/providers/provider.ts';
import { verifyOrder } from '../../payments/testing/checkout.ts';
import { createSettingsCache } from '../../settings/settings.cache.ts';
import { reconcilePendingRefunds } from '../billing.service.ts';

export const CARD = { card_number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', name: 'Asha Rao' };

export type Client = { sid: string; userId: string; clientId: string; email: string; taxYear: number };

/**
 * The billing tests' app (made before the tests of the enclosing block, closed after them), whose refund
 * reconcile pass the tests run themselves, with an admin and an analyst signed in, and `payAll`: an own
 * invoice paid in full (or `amount`) through the sandbox checkout. The objects are filled in by `beforeAll`,
 * so read them inside hooks and tests only.
 */
export function useBillingDesk() {
  const t = useTestApp({ refundReconcile: { enabled: false } });
  const admin = {} as StaffSession;
  const analyst = {} as StaffSession;
  beforeAll(async () => {
    Object.assign(admin, await staffSession(t, `billing-admin-${Date.now()}@firm.test`, 'admin'));
    Object.assign(analyst, await staffSession(t, `billing-analyst-${Date.now()}@firm.test`, 'analyst'));
  });
  const payAll = (client: Client, invoiceId: string, amount?: number) =>
    payAllAs(t, client, invoiceId, amount);
  return { t, admin, analyst, payAll };
}

let counter = 0;
export async function clientIn(t: TestApp, status: FileStatus = 'Payment Pending'): Promise<Client> {
  const email = `billing${++counter}-${Date.now()}@example.com`;
  const account = await signUpAndLogIn(t, email);
  await t.database.db.update(filings).set({ status }).where(eq(filings.clientId, account.clientId));
  const [filing] = await t.database.db.select().from(filings).where(eq(filings.clientId, account.clientId));
  if (!filing) throw new Error('no filing');
  return { ...account, email, taxYear: filing.taxYear };
}

export const invoiceFor = (
  t: TestApp,
  client: Client,
  totalCents: number,
  more: Partial<Parameters<typeof makeInvoice>[1]> = {},
) => makeInvoice(t.database.db, { clientId: client.clientId, taxYear: client.taxYear, totalCents, ...more });

export const setPartPayments = (db: Database, on: boolean) =>
  db.update(siteSettings).set({ invoicePartPayments: on }).where(eq(siteSettings.singleton, true));

export const invoiceRow = async (db: Database, id: string) =>
  (await db.select().from(invoices).where(eq(invoices.id, id)))[0];
export const filingOf = async (db: Database, clientId: string) =>
  (await db.select().from(filings).where(eq(filings.clientId, clientId)))[0];
export const moves = async (db: Database, filingId: string) =>
  (await db.select().from(filingStatusHistory).where(eq(filingStatusHistory.filingId, filingId))).filter(
    (h) => h.comment === 'Payment received',
  );

/** What a client's money looks like, to prove a refused call changed nothing. */
export async function snapshot(t: TestApp, client: Client) {
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

export function payInvoice(t: TestApp, client: Client, body: Record<string, unknown>) {
  return t.postAs(client.sid, '/api/account/invoices/pay', body);
}

/** staff/invoices/refund as an admin who has just stepped up (a refund asks for a fresh step-up). */
export async function refundAs(t: TestApp, staff: { sid: string }, body: Record<string, unknown>) {
  await stepUpSession(t, staff.sid);
  return t.postAs(staff.sid, '/api/staff/invoices/refund', body);
}

/** staff/invoices/refund of `amount` of an order's payment on its invoice, as a stepped-up admin. */
export const refundPaid = (
  t: TestApp,
  staff: { sid: string },
  paid: { invoiceId: string; orderId: string },
  amount: number,
  reason: string,
) => refundAs(t, staff, { invoice_id: paid.invoiceId, order_id: paid.orderId, amount, reason });

/** `refundPaid` that must be recorded (200); answers the response. */
export async function refundPaidOk(...args: Parameters<typeof refundPaid>) {
  const res = await refundPaid(...args);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The e-mails to a staff member (alerts) whose text contains `text`. */
export async function alertsTo(db: Database, staff: { userId: string }, text: string) {
  const [user] = await db.select().from(users).where(eq(users.id, staff.userId));
  const mails = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, user?.email ?? ''));
  return mails.filter((m) => m.text.includes(text));
}

export const refundRows = (db: Database, invoiceId: string) =>
  db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.invoiceId, invoiceId))
    .orderBy(paymentRefunds.createdAt);

export const paymentOf = async (db: Database, orderId: string) => {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!row?.providerPaymentId) throw new Error(`no paid payment for ${orderId}`);
  return { ...row, providerPaymentId: row.providerPaymentId };
};

/**
 * A refund row left pending, as a request writes it before asking the provider, `minutesAgo` old: what a
 * process that died before completing it leaves behind.
 */
export async function leavePending(
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
export async function reconcile(t: TestApp, provider: PaymentProvider) {
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

export const audits = (db: Database, clientId: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.clientId, clientId)));

/** The sandbox checkout's pay call for an order with the success card: what Checkout answers the page. */
export async function sandboxCheckout(t: TestApp, client: Client, orderId: string) {
  const paid = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
    order_id: orderId,
    ...CARD,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().result as {
    status: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
}

/** The sandbox checkout for an order, then the page's verifyOrder call. */
export async function checkoutAs(t: TestApp, client: Client, orderId: string) {
  const result = await sandboxCheckout(t, client, orderId);
  const verify = await verifyOrder(t, client, orderId, result);
  return { result, verify };
}

/** A new invoice of `totalCents` for the client, its order made and paid at the sandbox checkout, not verified. */
export async function invoicePaidAtCheckout(t: TestApp, client: Client, totalCents: number) {
  const invoice = await invoiceFor(t, client, totalCents);
  const order = await payInvoice(t, client, { invoice_id: invoice.id });
  const orderId = order.json().id as string;
  return { invoice, orderId, result: await sandboxCheckout(t, client, orderId) };
}

/** What the staff activity feed says of the client's file, oldest first. */
export const activitySummaries = async (db: Database, clientId: string) =>
  (await db.select().from(staffActivity).where(eq(staffActivity.clientId, clientId))).map((a) => a.summary);

export async function payAllAs(t: TestApp, client: Client, invoiceId: string, amount?: number) {
  const order = await payInvoice(t, client, { invoice_id: invoiceId, ...(amount ? { amount } : {}) });
  expect(order.statusCode, order.body).toBe(200);
  const { verify, result } = await checkoutAs(t, client, order.json().id as string);
  expect(verify.statusCode, verify.body).toBe(200);
  return { orderId: order.json().id as string, paymentId: result.razorpay_payment_id };
}

/**
 * A paid provider payment row on the invoice, as the payment flow records it (order `order_<ref>`, payment
 * `pay_<ref>`); the invoice's sums are the caller's to move. Answers the row's id.
 */
export async function insertPaidPayment(
  db: Database,
  p: { clientId: string; invoiceId: string; cents: number; ref: string; paidAt: Date; currency?: string },
): Promise<string> {
  const [filing] = await db.select().from(filings).where(eq(filings.clientId, p.clientId));
  const [payment] = await db
    .insert(payments)
    .values({
      clientId: p.clientId,
      filingId: filing?.id ?? '',
      provider: 'sandbox',
      orderId: `order_${p.ref}`,
      amountCents: p.cents,
      currency: p.currency ?? 'USD',
      status: 'paid',
      providerPaymentId: `pay_${p.ref}`,
      method: 'card',
      paidAt: p.paidAt,
      invoiceId: p.invoiceId,
    })
    .returning({ id: payments.id });
  return payment?.id ?? '';
}
