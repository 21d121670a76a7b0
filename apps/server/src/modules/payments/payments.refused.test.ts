/**
 * Card payments with the sandbox provider, refused: forged or swapped checkout results, another client's order,
 * declined and invalid cards, malformed bodies. Each refusal changes nothing.
 */
import { eq, sandboxCharges } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  clientIn,
  createOrder,
  DECLINED_CARD,
  filingOf,
  orderRow,
  paidCheckout,
  receiptCount,
  sandboxPay,
  snapshot,
  SUCCESS_CARD,
  verifyOrder,
} from './testing/checkout.ts';
import { expectFieldErrors } from '../../../test/answers.ts';

describe('payments with the sandbox provider: refusals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a forged signature and changes nothing', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const { order, result } = await paidCheckout(t, client);
    const before = await snapshot(t, client);
    const forged = [
      result.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      result.razorpay_signature.slice(0, 63),
      'not-a-signature',
      // Signed with another secret (what a client could compute themselves).
      (await import('node:crypto'))
        .createHmac('sha256', 'guessed-secret')
        .update(`${order.id}|${result.razorpay_payment_id}`)
        .digest('hex'),
    ];
    for (const signature of forged) {
      const res = await t.postAs(client.sid, '/api/payment/verifyOrder', {
        order_id: order.id,
        payment_id: result.razorpay_payment_id,
        signature,
      });
      expect(res.statusCode, signature).toBe(400);
      expect(res.json().status_smessage).toBe('The payment could not be verified.');
    }
    expect(await snapshot(t, client)).toEqual(before);
    expect(before.orders[0]?.status).toBe('created');
  });

  it('refuses a changed amount and a payment of another order, and changes nothing', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const { order, result } = await paidCheckout(t, client);
    const before = await snapshot(t, client);
    const changed = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: order.id,
      payment_id: result.razorpay_payment_id,
      signature: result.razorpay_signature,
      amount: 15,
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().status_smessage).toBe('The payment does not match the order.');

    // A second, cheaper order paid; its payment id and signature presented for the first one.
    const cheap = await paidCheckout(t, client, 100);
    const swapped = await verifyOrder(t, client, order.id, cheap.result);
    expect(swapped.statusCode).toBe(400);
    const after = await snapshot(t, client);
    expect(after.filing).toEqual(before.filing);
    expect(after.history).toEqual(before.history);
    expect(after.mails).toBe(before.mails);
    expect((await orderRow(t.database.db, order.id))?.status).toBe('created');
  });

  it("refuses another client's order with the same answer as an unknown one, and leaves it untouched", async () => {
    const owner = await clientIn(t, 'Payment Pending');
    const other = await clientIn(t, 'Payment Pending');
    const { order, result } = await paidCheckout(t, owner);
    const before = await snapshot(t, owner);
    const attempts = [
      [
        'payment/verifyOrder',
        { order_id: order.id, payment_id: result.razorpay_payment_id, signature: result.razorpay_signature },
      ],
      ['account/payments/order', { order_id: order.id }],
      ['account/payments/reportfailure', { order_id: order.id, payment_id: result.razorpay_payment_id }],
      ['account/payments/sandbox/order', { order_id: order.id }],
      ['account/payments/sandbox/pay', { order_id: order.id, ...SUCCESS_CARD }],
    ] as const;
    for (const [path, body] of attempts) {
      const res = await t.postAs(other.sid, `/api/${path}`, body);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().status_smessage).toBe('This payment order was not found.');
      expect(res.body).not.toContain(result.razorpay_payment_id);
    }
    const unknown = await t.postAs(other.sid, '/api/account/payments/order', {
      order_id: 'order_doesnotexist1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(t, owner)).toEqual(before);
    expect((await snapshot(t, other)).orders).toEqual([]);
  });

  it('a declined test card is recorded as a failed attempt with its reason, never as paid', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const result = await sandboxPay(t, client, order.id, DECLINED_CARD);
    expect(result.status).toBe('failed');
    if (result.status !== 'failed') return;
    expect(result.error.description).toBe('Your card was declined by the bank. Please try another card.');
    expect(result.error.metadata.order_id).toBe(order.id);

    // A declined payment's details cannot be passed off as a success.
    const verify = await t.postAs(client.sid, '/api/payment/verifyOrder', {
      order_id: order.id,
      payment_id: result.error.metadata.payment_id,
      signature: 'f'.repeat(64),
    });
    expect(verify.statusCode).toBe(400);

    const report = await t.postAs(client.sid, '/api/account/payments/reportfailure', {
      order_id: order.id,
      payment_id: result.error.metadata.payment_id,
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().reason).toBe('Your card was declined by the bank. Please try another card.');
    expect(await orderRow(t.database.db, order.id)).toMatchObject({
      status: 'failed',
      providerPaymentId: null,
      paidAt: null,
      failedPaymentId: result.error.metadata.payment_id,
      failureReason: 'Your card was declined by the bank. Please try another card.',
    });
    expect((await filingOf(t.database.db, client.clientId)).status).toBe('Payment Pending');
    expect(await receiptCount(t.database.db, client.email)).toBe(0);
    const own = await t.postAs(client.sid, '/api/account/payments/order', { order_id: order.id });
    expect(own.json().order).toMatchObject({
      status: 'failed',
      failure_reason: 'Your card was declined by the bank. Please try another card.',
    });

    // The same order paid afterwards with a good card: paid, the failure forgotten.
    const retry = await sandboxPay(t, client, order.id);
    if (retry.status !== 'captured') throw new Error('retry failed');
    const ok = await verifyOrder(t, client, order.id, retry);
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.postAs(client.sid, '/api/account/payments/order', { order_id: order.id })).json().order,
    ).toMatchObject({
      status: 'paid',
      failure_reason: null,
    });
    // A successful payment cannot be reported as failed.
    const wrong = await t.postAs(client.sid, '/api/account/payments/reportfailure', {
      order_id: order.id,
      payment_id: retry.razorpay_payment_id,
    });
    expect(wrong.statusCode).toBe(422);
    expect((await orderRow(t.database.db, order.id))?.status).toBe('paid');
  });

  it('refuses a card that is not a test card, with a field message, and charges nothing', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const other = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: order.id,
      ...SUCCESS_CARD,
      card_number: '4242 4242 4242 4242',
    });
    expectFieldErrors(other, {
      card_number: 'Test mode accepts only the test cards listed on this page.',
    });
    const bad = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: order.id,
      card_number: '4111 1111 1111 1112',
      expiry: '01/20',
      cvv: '12',
      name: '',
    });
    expectFieldErrors(bad, {
      card_number: 'Enter a valid card number',
      expiry: 'This card has expired',
      cvv: 'Enter the 3 or 4 digit CVV',
      name: 'Name on card is required',
    });
    expect(
      await t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderId, order.id)),
    ).toEqual([]);
  });

  it('answers malformed ids and bodies with a 400, never a 500', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const bodies = [
      { order_id: 'order_\u0000x', payment_id: 'pay_\u0000x', signature: 'x\u0000' },
      { order_id: '../../v1/orders', payment_id: 'pay_a/../b', signature: 's' },
      { order_id: ['order_a'], payment_id: { $ne: 1 }, signature: 5 },
      { order_id: 'order_' + 'a'.repeat(5000), payment_id: 'pay_a', signature: 's' },
    ];
    for (const path of [
      'payment/verifyOrder',
      'account/payments/order',
      'account/payments/reportfailure',
      'account/payments/sandbox/order',
      'account/payments/sandbox/pay',
    ]) {
      for (const body of bodies) {
        const res = await t.postAs(client.sid, `/api/${path}`, { ...body, ...SUCCESS_CARD });
        expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      }
    }
  });
});
