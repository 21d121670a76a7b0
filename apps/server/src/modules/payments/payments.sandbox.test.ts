/**
 * Card payments with the sandbox provider: when an order may be made, the spec's amount rules, a checkout paid
 * and recorded once (the order, the filing's move, the receipt, the bell), and what the sandbox leaves out.
 */
import { auditLog, eq, payments, sandboxCharges } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  clientIn,
  createOrder,
  filingOf,
  historyOf,
  invoiced,
  orderRow,
  paidCheckout,
  receiptCount,
  receiptsTo,
  sandboxPay,
  snapshot,
  SUCCESS_CARD,
  verifyOrder,
} from './testing/checkout.ts';

describe('payments with the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an order unless the filing opens payment, and stores none', async () => {
    const client = await clientIn(t, 'To Be Assigned');
    const status = await t.postAs(client.sid, '/api/account/payments/status', {});
    expect(status.json()).toMatchObject({ filestatus: 'To Be Assigned', payment_open: false, payments: [] });
    const res = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 15025, currency: 'USD' });
    expect(res.statusCode).toBe(403);
    expect(res.json().status_smessage).toBe('Payment is not open for your file at the moment.');
    expect(await t.database.db.select().from(payments).where(eq(payments.clientId, client.clientId))).toEqual(
      [],
    );
  });

  it("answers 401 'Unauthorized access' to every payment call without a client session", async () => {
    for (const path of [
      'payment/createOrder',
      'payment/verifyOrder',
      'account/payments/status',
      'account/payments/order',
      'account/payments/reportfailure',
      'account/payments/sandbox/order',
      'account/payments/sandbox/pay',
    ]) {
      const res = await t.post(`/api/${path}`, { amount: 100, currency: 'USD', order_id: 'order_x' });
      expect(res.statusCode, path).toBe(401);
      expect(res.json().status_smessage).toBe('Unauthorized access');
    }
  });

  it("refuses the spec's amount errors: 'Amount is required', zero or negative, fractions of a cent", async () => {
    const client = await clientIn(t, 'Payment Pending');
    const cases: [unknown, string][] = [
      [undefined, 'Amount is required'],
      [0, 'Amount is required & should be greater than Zero'],
      [-500, 'Amount is required & should be greater than Zero'],
      [150.25, 'Amount can have at most two decimal places'],
      [10_000_001, 'Amount cannot be more than $100,000'],
    ];
    for (const [amount, message] of cases) {
      const res = await t.postAs(client.sid, '/api/payment/createOrder', { amount, currency: 'USD' });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().details).toEqual({ amount: message });
    }
    const inr = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 100, currency: 'INR' });
    expect(inr.statusCode).toBe(400);
    expect((await snapshot(t, client)).orders).toEqual([]);
  });

  it('pays 150.25 in Payment Pending: 15025 cents USD recorded once, Review Pending with "Payment received", one receipt', async () => {
    const client = await clientIn(t, 'Payment Pending');
    await invoiced(t, client);
    const order = await createOrder(t, client);
    expect(order).toMatchObject({
      amount: 15025,
      currency: 'USD',
      provider: 'sandbox',
      key: 'rzp_test_sandbox',
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await orderRow(t.database.db, order.id)).toMatchObject({
      clientId: client.clientId,
      createdBy: client.userId,
      amountCents: 15025,
      currency: 'USD',
      status: 'created',
      provider: 'sandbox',
      providerPaymentId: null,
    });

    const view = await t.postAs(client.sid, '/api/account/payments/sandbox/order', { order_id: order.id });
    expect(view.json()).toMatchObject({
      order_id: order.id,
      amount: 15025,
      currency: 'USD',
      status: 'created',
    });

    const result = await sandboxPay(t, client, order.id);
    expect(result.status).toBe('captured');
    if (result.status !== 'captured') return;
    expect(result.razorpay_order_id).toBe(order.id);
    expect(result.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    // The sandbox keeps no card number, only its last four digits.
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, result.razorpay_payment_id));
    expect(charge).toMatchObject({
      orderId: order.id,
      amountCents: 15025,
      status: 'captured',
      cardLast4: '1111',
    });
    expect(JSON.stringify(charge)).not.toContain('4111111111111111');

    const verify = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      access_token: 'ignored',
      order_id: order.id,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature,
      amount: 15025,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({ http_code: 200, status_smessage: 'Success', success: true });

    const row = await orderRow(t.database.db, order.id);
    expect(row).toMatchObject({
      amountCents: 15025,
      currency: 'USD',
      status: 'paid',
      providerPaymentId: result.razorpay_payment_id,
      verifiedBy: 'checkout',
      method: 'card',
    });
    expect(row?.paidAt).toBeInstanceOf(Date);
    const filing = await filingOf(t.database.db, client.clientId);
    expect(filing.status).toBe('Review Pending');
    const moves = (await historyOf(t.database.db, filing.id)).filter((h) => h.comment === 'Payment received');
    expect(moves).toEqual([
      expect.objectContaining({ fromStatus: 'Payment Pending', toStatus: 'Review Pending', changedBy: null }),
    ]);
    const [receipt] = (await receiptsTo(t.database.db, client.email)).filter((m) =>
      m.subject.startsWith('Payment received'),
    );
    expect(receipt?.subject).toBe('Payment received: your receipt for $150.25');
    expect(receipt?.text).toContain(`Order ID: ${order.id}`);
    expect(receipt?.text).toContain(`Payment ID: ${result.razorpay_payment_id}`);
    expect(receipt?.text).toMatch(/Date: \d{2}-\d{2}-\d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, order.id));
    expect(audits.map((a) => a.action)).toEqual(['payment.recorded.checkout']);
    // The portal's bell says so too.
    const bell = (await t.postAs(client.sid, '/api/account/notifications/list', {})).json();
    expect(bell.unread).toBe(1);
    expect(bell.notifications).toEqual([
      expect.objectContaining({ kind: 'payment', title: 'Payment received: $150.25', read: false }),
    ]);

    // The receipt page's call, and the portal's view of payment.
    const own = await t.postAs(client.sid, '/api/account/payments/order', { order_id: order.id });
    expect(own.json()).toMatchObject({
      filestatus: 'Review Pending',
      order: { order_id: order.id, payment_id: result.razorpay_payment_id, amount: 15025, status: 'paid' },
    });
    const status = await t.postAs(client.sid, '/api/account/payments/status', {});
    expect(status.json()).toMatchObject({ filestatus: 'Review Pending', payment_open: false });
    expect(status.json().payments).toHaveLength(1);

    // Replayed: refused, and nothing is recorded a second time.
    const before = await snapshot(t, client);
    const replay = await verifyOrder(t, client, order.id, result);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().status_smessage).toBe('This payment has already been recorded.');
    expect(await snapshot(t, client)).toEqual(before);
    expect(await receiptCount(t.database.db, client.email)).toBe(1);
    // A paid order cannot be charged again either.
    const again = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: order.id,
      ...SUCCESS_CARD,
    });
    expect(again.statusCode).toBe(409);
  });

  it('records a payment in Synopsys Pending without moving the filing', async () => {
    const client = await clientIn(t, 'Synopsys Pending');
    const { order, result } = await paidCheckout(t, client, 9999);
    const verify = await verifyOrder(t, client, order.id, result);
    expect(verify.statusCode).toBe(200);
    expect((await orderRow(t.database.db, order.id))?.status).toBe('paid');
    expect((await filingOf(t.database.db, client.clientId)).status).toBe('Synopsys Pending');
  });

  it('two verifications of one payment at once record it once', async () => {
    const client = await clientIn(t, 'Payment Pending');
    await invoiced(t, client);
    const { order, result } = await paidCheckout(t, client);
    const body = {
      order_id: order.id,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature,
    };
    const answers = await Promise.all([
      t.postAs(client.sid, '/api/payment/verifyOrder', body),
      t.postAs(client.sid, '/api/payment/verifyOrder', body),
      t.postAs(client.sid, '/api/payment/verifyOrder', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const filing = await filingOf(t.database.db, client.clientId);
    expect(
      (await historyOf(t.database.db, filing.id)).filter((h) => h.comment === 'Payment received'),
    ).toHaveLength(1);
    expect(await receiptCount(t.database.db, client.email)).toBe(1);
  });

  it('has no webhook: the sandbox sends none', async () => {
    const res = await t.post('/api/payment/webhook', {});
    expect(res.statusCode).toBe(404);
  });

  it("keeps Razorpay's checkout out of the Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).not.toContain('razorpay');
  });
});
