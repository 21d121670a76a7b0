/**
 * Invoices with the Razorpay provider, against a local stand-in of its API: payments recorded once, refunds
 * through its refund API, pending refunds and their reconciliation.
 */
import { MESSAGES } from '@taxfirm/contract';
import { eq, paymentRefunds } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffSession, type TestApp } from '../../../test/helpers.ts';
import { RAZORPAY_TEST_KEYS, startRazorpayStandIn, type RazorpayStandIn } from '../../../test/razorpay.ts';
import { createRazorpayProvider } from '../payments/providers/razorpay.ts';
import { postWebhook, verifyOrder } from '../payments/testing/checkout.ts';
import {
  type Client,
  clientIn,
  invoiceFor,
  invoiceRow,
  filingOf,
  moves,
  payInvoice,
  refundAs,
  refundPaid,
  refundPaidOk,
  refundRows,
  paymentOf,
  leavePending,
  reconcile,
} from './testing/billing.ts';

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
      verifyOrder(t, client, orderId, paid),
      postWebhook(t, event.body, event.signature),
    ]);
    expect(webhook.statusCode).toBe(200);
    expect([200, 409]).toContain(browser.statusCode);
    // And the webhook again, later: already known.
    expect((await postWebhook(t, event.body, event.signature)).statusCode).toBe(200);
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
    const verify = await verifyOrder(t, client, orderId, paid);
    expect(verify.statusCode, verify.body).toBe(200);

    const res = await refundPaidOk(
      t,
      admin,
      { invoiceId: invoice.id, orderId },
      5000,
      'Duplicate state return',
    );
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
    const verify = await verifyOrder(t, client, orderId, paid);
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
    await refundPaidOk(t, admin, { invoiceId: invoice.id, orderId }, 5000, 'Goodwill');
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
    await refundPaidOk(t, admin, { invoiceId: invoice.id, orderId }, 5000, 'Goodwill');
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

    const retry = await refundPaid(t, admin, { invoiceId: invoice.id, orderId }, 7000, 'Again');
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
