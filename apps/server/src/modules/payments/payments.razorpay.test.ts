/**
 * Card payments with the Razorpay provider, against a local stand-in of its API: orders through its Orders
 * API, the checkout's result checked against its own record, the webhook, and its outages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { RAZORPAY_TEST_KEYS, startRazorpayStandIn, type RazorpayStandIn } from '../../../test/razorpay.ts';
import {
  clientIn,
  createOrder,
  filingOf,
  historyOf,
  invoiced,
  orderRow,
  postWebhook,
  receiptCount,
  snapshot,
  verifyOrder,
} from './testing/checkout.ts';

describe('payments with the razorpay provider (against a local stand-in of its API)', () => {
  let t: TestApp;
  let rzp: RazorpayStandIn;
  beforeAll(async () => {
    rzp = await startRazorpayStandIn();
    t = await createTestApp({ payments: { provider: 'razorpay', ...RAZORPAY_TEST_KEYS, apiUrl: rzp.url } });
  });
  afterAll(async () => {
    await t.close();
    await rzp.close();
  });

  it('creates the order through the Orders API and verifies the payment Checkout signed', async () => {
    const client = await clientIn(t, 'Payment Pending');
    await invoiced(t, client);
    const order = await createOrder(t, client);
    expect(order).toMatchObject({
      provider: 'razorpay',
      key: RAZORPAY_TEST_KEYS.keyId,
      amount: 15025,
      currency: 'USD',
    });
    const created = rzp.requests.find((r) => r.method === 'POST' && r.path === '/v1/orders');
    expect(created).toMatchObject({
      authorized: true,
      body: { amount: 15025, currency: 'USD', notes: { client_id: client.clientId } },
    });
    expect(rzp.orders.get(order.id)?.amount).toBe(15025);
    expect(rzp.orders.get(order.id)?.receipt).toBe((await orderRow(t.database.db, order.id))?.id);

    const checkout = rzp.pay(order.id);
    const verify = await verifyOrder(t, client, checkout.razorpay_order_id, checkout);
    expect(verify.statusCode, verify.body).toBe(200);
    // The server asked Razorpay for the payment itself before recording it.
    expect(rzp.requests).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: `/v1/payments/${checkout.razorpay_payment_id}`,
        authorized: true,
      }),
    );
    expect(await orderRow(t.database.db, order.id)).toMatchObject({
      provider: 'razorpay',
      status: 'paid',
      amountCents: 15025,
      currency: 'USD',
      providerPaymentId: checkout.razorpay_payment_id,
      verifiedBy: 'checkout',
    });
    expect((await filingOf(t.database.db, client.clientId)).status).toBe('Review Pending');
  });

  it('captures an authorized payment before recording it', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client, 5000);
    const checkout = rzp.pay(order.id, { status: 'authorized' });
    const verify = await verifyOrder(t, client, order.id, checkout);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(rzp.requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/v1/payments/${checkout.razorpay_payment_id}/capture`,
        body: { amount: 5000, currency: 'USD' },
      }),
    );
    expect(checkout.payment.status).toBe('captured');
  });

  it('refuses a payment whose amount differs from the stored order, though correctly signed, and changes nothing', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id, { amount: 100 });
    const before = await snapshot(t, client);
    const verify = await verifyOrder(t, client, order.id, checkout);
    expect(verify.statusCode).toBe(422);
    expect(verify.json().status_smessage).toBe('The payment does not match the order.');
    expect(await snapshot(t, client)).toEqual(before);
    // The webhook for that payment is refused the same way.
    const event = rzp.webhook('payment.captured', checkout.payment);
    expect((await postWebhook(t, event.body, event.signature)).statusCode).toBe(200);
    expect(await snapshot(t, client)).toEqual(before);
  });

  it("refuses another order's payment even when correctly signed for this order id, and another currency", async () => {
    const client = await clientIn(t, 'Payment Pending');
    const dear = await createOrder(t, client);
    const cheap = await createOrder(t, client, 100);
    const cheapPayment = rzp.pay(cheap.id);
    const before = await snapshot(t, client);
    // Signed with the key secret for (dear order, cheap payment): only the provider's record can tell.
    const verify = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: dear.id,
      payment_id: cheapPayment.razorpay_payment_id,
      signature: rzp.sign(dear.id, cheapPayment.razorpay_payment_id),
    });
    expect(verify.statusCode).toBe(422);
    expect(verify.json().status_smessage).toBe('The payment does not match the order.');

    const inr = rzp.pay(dear.id);
    inr.payment.currency = 'INR';
    const wrongCurrency = await verifyOrder(t, client, dear.id, inr);
    expect(wrongCurrency.statusCode).toBe(422);
    expect(await snapshot(t, client)).toEqual(before);
  });

  it('records a payment Razorpay captured on its own between the check and the capture call', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id, { status: 'authorized' });
    rzp.captureMeanwhile(checkout.razorpay_payment_id);
    const verify = await verifyOrder(t, client, order.id, checkout);
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await orderRow(t.database.db, order.id))?.status).toBe('paid');
  });

  it('answers 503 and records nothing when Razorpay fails while verifying; a retry then succeeds', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id);
    const body = {
      order_id: order.id,
      payment_id: checkout.razorpay_payment_id,
      signature: checkout.razorpay_signature,
    };
    const before = await snapshot(t, client);
    rzp.failNext('/v1/payments');
    const down = await t.postAs(client.sid, '/api/payment/verifyOrder', body);
    expect(down.statusCode).toBe(503);
    expect(down.json().status_smessage).toBe(
      'The payment service is not available right now. Please try again later.',
    );
    expect(await snapshot(t, client)).toEqual(before);
    expect((await t.postAs(client.sid, '/api/payment/verifyOrder', body)).statusCode).toBe(200);
  });

  it('answers a refused order with a clear 422 and an outage with 503, storing no order', async () => {
    const client = await clientIn(t, 'Payment Pending');
    rzp.failNext('/v1/orders', 400);
    const refused = await t.postAs(client.sid, '/api/payment/createOrder', {
      amount: 15025,
      currency: 'USD',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().status_smessage).toBe(
      'The payment provider refused this payment. Please contact us.',
    );
    rzp.failNext('/v1/orders');
    const down = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 15025, currency: 'USD' });
    expect(down.statusCode).toBe(503);
    expect((await snapshot(t, client)).orders).toEqual([]);
  });

  it('captures and records an authorized payment from the payment.authorized webhook (manual capture)', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id, { status: 'authorized' });
    const event = rzp.webhook('payment.authorized', checkout.payment);
    expect((await postWebhook(t, event.body, event.signature)).statusCode).toBe(200);
    expect(rzp.requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: `/v1/payments/${checkout.razorpay_payment_id}/capture`,
      }),
    );
    expect(await orderRow(t.database.db, order.id)).toMatchObject({ status: 'paid', verifiedBy: 'webhook' });
  });

  it('records a payment once when the browser and the webhook report it at the same moment', async () => {
    const client = await clientIn(t, 'Payment Pending');
    await invoiced(t, client);
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id);
    const event = rzp.webhook('payment.captured', checkout.payment);
    const [browser, webhook] = await Promise.all([
      verifyOrder(t, client, order.id, checkout),
      postWebhook(t, event.body, event.signature),
    ]);
    expect(webhook.statusCode).toBe(200);
    expect([200, 409]).toContain(browser.statusCode);
    const filing = await filingOf(t.database.db, client.clientId);
    expect(
      (await historyOf(t.database.db, filing.id)).filter((h) => h.comment === 'Payment received'),
    ).toHaveLength(1);
    expect(await receiptCount(t.database.db, client.email)).toBe(1);
    expect((await orderRow(t.database.db, order.id))?.status).toBe('paid');
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id);
    const before = await snapshot(t, client);
    const good = rzp.webhook('payment.captured', checkout.payment);
    const wrongSecret = rzp.webhook('payment.captured', checkout.payment, 'not-the-webhook-secret');
    for (const [body, signature] of [
      [good.body, wrongSecret.signature],
      [good.body, undefined],
      [good.body.replace('"captured"', '"captured" '), good.signature],
      [good.body, good.signature.toUpperCase()],
    ] as const) {
      const res = await postWebhook(t, body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().status_smessage).toBe('The webhook signature is not valid.');
    }
    expect(await snapshot(t, client)).toEqual(before);
  });

  it('records a payment whose browser was closed, from the webhook, once; the late browser is told it is recorded', async () => {
    const client = await clientIn(t, 'Payment Pending');
    await invoiced(t, client);
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id);
    const event = rzp.webhook('payment.captured', checkout.payment);
    const res = await postWebhook(t, event.body, event.signature);
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.database.db, order.id)).toMatchObject({
      status: 'paid',
      verifiedBy: 'webhook',
      providerPaymentId: checkout.razorpay_payment_id,
    });
    expect((await filingOf(t.database.db, client.clientId)).status).toBe('Review Pending');
    expect(await receiptCount(t.database.db, client.email)).toBe(1);

    // Razorpay retries and also sends order.paid: nothing more is recorded.
    const before = await snapshot(t, client);
    expect((await postWebhook(t, event.body, event.signature)).statusCode).toBe(200);
    const orderPaid = rzp.webhook('order.paid', checkout.payment);
    expect((await postWebhook(t, orderPaid.body, orderPaid.signature)).statusCode).toBe(200);
    const late = await verifyOrder(t, client, order.id, checkout);
    expect(late.statusCode).toBe(409);
    expect(await snapshot(t, client)).toEqual(before);
  });

  it('logs, and never records, a second captured payment on an order already paid', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const first = rzp.pay(order.id);
    const paid = rzp.webhook('payment.captured', first.payment);
    expect((await postWebhook(t, paid.body, paid.signature)).statusCode).toBe(200);
    const before = await snapshot(t, client);
    const second = rzp.webhook('payment.captured', rzp.pay(order.id).payment);
    expect((await postWebhook(t, second.body, second.signature)).statusCode).toBe(200);
    expect(await snapshot(t, client)).toEqual(before);
    expect(t.logs()).toContain('second captured payment on a paid order');
    expect(t.logs()).not.toContain(RAZORPAY_TEST_KEYS.keySecret);
  });

  it('records a failed payment from the webhook without marking anything paid', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const checkout = rzp.pay(order.id, {
      status: 'failed',
      description: 'Payment processing failed due to error at bank',
    });
    const event = rzp.webhook('payment.failed', checkout.payment);
    expect((await postWebhook(t, event.body, event.signature)).statusCode).toBe(200);
    expect(await orderRow(t.database.db, order.id)).toMatchObject({
      status: 'failed',
      providerPaymentId: null,
      failureReason: 'Payment processing failed due to error at bank',
    });
    expect((await filingOf(t.database.db, client.clientId)).status).toBe('Payment Pending');
  });

  it('ignores a signed event for an order it does not know', async () => {
    const stranger = rzp.webhook('payment.captured', {
      ...rzp.pay((await createOrder(t, await clientIn(t, 'Payment Pending'))).id).payment,
      order_id: 'order_fromelsewhere1',
    });
    const res = await postWebhook(t, stranger.body, stranger.signature);
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.database.db, 'order_fromelsewhere1')).toBeUndefined();
  });

  it('allows Razorpay Checkout in the Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain('frame-src');
  });
});

describe('payments when the provider cannot be reached', () => {
  it('answers 503 with a clear message and stores no order', async () => {
    const rzp = await startRazorpayStandIn();
    const url = rzp.url;
    await rzp.close();
    const t = await createTestApp({ payments: { provider: 'razorpay', ...RAZORPAY_TEST_KEYS, apiUrl: url } });
    try {
      const client = await clientIn(t, 'Payment Pending');
      const res = await t.postAs(client.sid, '/api/payment/createOrder', { amount: 15025, currency: 'USD' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status_smessage).toBe(
        'The payment service is not available right now. Please try again later.',
      );
      expect((await snapshot(t, client)).orders).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
