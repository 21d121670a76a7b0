/**
 * Paying invoices (issue 20), on PGlite and PostgreSQL: the client pays exactly what an own invoice asks (all
 * of it, or a part where the firm allows it), in its currency, through the real order → checkout → signature
 * → provider check flow; the file moves on only when its invoices are covered.
 */
import { emailOutbox, eq, filings, invoices, payments, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { verifyOrder } from '../payments/testing/checkout.ts';
import {
  activitySummaries,
  alertsTo,
  useBillingDesk,
  invoicePaidAtCheckout,
  type Client,
  clientIn,
  invoiceFor,
  setPartPayments,
  invoiceRow,
  filingOf,
  moves,
  snapshot,
  payInvoice,
  checkoutAs,
} from './testing/billing.ts';

describe('paying invoices with the sandbox provider', () => {
  const { t, admin, analyst, payAll } = useBillingDesk();

  /** The sandbox checkout for an order, then the page's verifyOrder call. */
  const checkout = (client: Client, orderId: string) => checkoutAs(t, client, orderId);

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
    const { invoice, orderId, result } = await invoicePaidAtCheckout(t, client, 15000);

    const before = await snapshot(t, client);
    const forged = await verifyOrder(t, client, orderId, {
      ...result,
      razorpay_signature: result.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect(forged.statusCode).toBe(400);
    expect(await snapshot(t, client)).toEqual(before);
    expect((await invoiceRow(t.database.db, invoice.id))?.paidCents).toBe(0);

    expect((await verifyOrder(t, client, orderId, result)).statusCode).toBe(200);
    const settled = await snapshot(t, client);
    expect(settled.invoices[0]).toMatchObject({ status: 'paid', paidCents: 15000 });
    const replay = await verifyOrder(t, client, orderId, result);
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
      expect(await activitySummaries(t.database.db, client.clientId)).toEqual([
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
    expect(await activitySummaries(t.database.db, client.clientId)).toEqual([
      'Paid $50.00 with no open invoice',
    ]);
    // No analyst on the file: the admins hear of it.
    expect(await alertsTo(t.database.db, admin, 'Paid $50.00 with no open invoice')).toHaveLength(1);
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
    const overpaid = `Paid $350.00 on ${invoice.number}: paid $350.00 more than its total, refund the difference`;
    expect(await activitySummaries(t.database.db, client.clientId)).toEqual([
      `Paid $350.00 on ${invoice.number} (paid in full)`,
      overpaid,
    ]);
    expect(await alertsTo(t.database.db, admin, overpaid)).toHaveLength(1);
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
    expect(await activitySummaries(t.database.db, client.clientId)).toEqual([
      `Paid $150.00 on void invoice ${invoice.number}: refund it`,
    ]);
  });
});
