import {
  and,
  auditLog,
  emailOutbox,
  eq,
  filings,
  filingStatusHistory,
  payments,
  sandboxCharges,
  type Database,
} from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoice } from '../../../test/factories.ts';
import { createTestApp, signUpAndLogIn, type TestApp } from '../../../test/helpers.ts';
import { RAZORPAY_TEST_KEYS, startRazorpayStandIn, type RazorpayStandIn } from '../../../test/razorpay.ts';
import { sandboxPayResponseSchema, type FileStatus } from '@taxfirm/contract';

const SUCCESS_CARD = { card_number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', name: 'Asha Rao' };
const DECLINED_CARD = { ...SUCCESS_CARD, card_number: '4000 0000 0000 0002' };

type Client = { sid: string; userId: string; clientId: string; email: string };

let counter = 0;
async function clientIn(t: TestApp, status: FileStatus): Promise<Client> {
  const email = `payer${++counter}-${Date.now()}@example.com`;
  const account = await signUpAndLogIn(t, email);
  await setStatus(t.database.db, account.clientId, status);
  return { ...account, email };
}

/**
 * The file's invoice for what it pays (issue 20): a payment moves the file on only when it covers the file's
 * invoices; one with no invoice open is recorded and never moves it.
 */
async function invoiced(t: TestApp, client: Client, totalCents = 15025) {
  const filing = await filingOf(t.database.db, client.clientId);
  return makeInvoice(t.database.db, { clientId: client.clientId, taxYear: filing.taxYear, totalCents });
}

async function setStatus(db: Database, clientId: string, status: FileStatus) {
  await db.update(filings).set({ status }).where(eq(filings.clientId, clientId));
}

async function filingOf(db: Database, clientId: string) {
  const [filing] = await db.select().from(filings).where(eq(filings.clientId, clientId));
  if (!filing) throw new Error(`no filing for ${clientId}`);
  return filing;
}
const historyOf = async (db: Database, filingId: string) =>
  db.select().from(filingStatusHistory).where(eq(filingStatusHistory.filingId, filingId));
const orderRow = async (db: Database, orderId: string) =>
  (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
const receiptsTo = (db: Database, email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email)));
const receiptCount = async (db: Database, email: string) =>
  (await receiptsTo(db, email)).filter((m) => m.subject.startsWith('Payment received')).length;

async function createOrder(t: TestApp, client: Client, amount = 15025) {
  const res = await t.postAs(client.sid, '/api/payment/createOrder', {
    amount,
    currency: 'USD',
    clientid: 'someone-else',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; amount: number; currency: string; provider: string; key: string };
}

/** The page's verifyOrder call: the order and what Checkout answered for it (its payment id and signature). */
function verifyOrder(
  t: TestApp,
  client: Client,
  orderId: string,
  checkout: { razorpay_payment_id: string; razorpay_signature: string },
) {
  return t.postAs(client.sid, '/api/payment/verifyOrder', {
    order_id: orderId,
    payment_id: checkout.razorpay_payment_id,
    signature: checkout.razorpay_signature,
  });
}

/** What a client's data looks like, to prove a refused call changed nothing. */
async function snapshot(t: TestApp, client: Client) {
  const db = t.database.db;
  const filing = await filingOf(db, client.clientId);
  return {
    orders: await db.select().from(payments).where(eq(payments.clientId, client.clientId)),
    filing,
    history: await historyOf(db, filing.id),
    mails: (await receiptsTo(db, client.email)).length,
  };
}

describe('payments with the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function sandboxPay(client: Client, orderId: string, card = SUCCESS_CARD) {
    const res = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: orderId,
      ...card,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The answer has the shape the contract (and so the web's checkout) expects.
    return sandboxPayResponseSchema.parse(res.json()).result;
  }

  async function paidCheckout(client: Client, amount = 15025) {
    const order = await createOrder(t, client, amount);
    const result = await sandboxPay(client, order.id);
    if (result.status !== 'captured') throw new Error('the success card failed');
    return { order, result };
  }

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

    const result = await sandboxPay(client, order.id);
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
    const { order, result } = await paidCheckout(client, 9999);
    const verify = await verifyOrder(t, client, order.id, result);
    expect(verify.statusCode).toBe(200);
    expect((await orderRow(t.database.db, order.id))?.status).toBe('paid');
    expect((await filingOf(t.database.db, client.clientId)).status).toBe('Synopsys Pending');
  });

  it('refuses a forged signature and changes nothing', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const { order, result } = await paidCheckout(client);
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
    const { order, result } = await paidCheckout(client);
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
    const cheap = await paidCheckout(client, 100);
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
    const { order, result } = await paidCheckout(owner);
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
    const result = await sandboxPay(client, order.id, DECLINED_CARD);
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
    const retry = await sandboxPay(client, order.id);
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
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual({
      card_number: 'Test mode accepts only the test cards listed on this page.',
    });
    const bad = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
      order_id: order.id,
      card_number: '4111 1111 1111 1112',
      expiry: '01/20',
      cvv: '12',
      name: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({
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

  it('two verifications of one payment at once record it once', async () => {
    const client = await clientIn(t, 'Payment Pending');
    await invoiced(t, client);
    const { order, result } = await paidCheckout(client);
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

  const postWebhook = (body: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-razorpay-signature': signature } : {}),
      },
      payload: body,
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
    expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
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
    expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
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
      postWebhook(event.body, event.signature),
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
      const res = await postWebhook(body, signature);
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
    const res = await postWebhook(event.body, event.signature);
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
    expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
    const orderPaid = rzp.webhook('order.paid', checkout.payment);
    expect((await postWebhook(orderPaid.body, orderPaid.signature)).statusCode).toBe(200);
    const late = await verifyOrder(t, client, order.id, checkout);
    expect(late.statusCode).toBe(409);
    expect(await snapshot(t, client)).toEqual(before);
  });

  it('logs, and never records, a second captured payment on an order already paid', async () => {
    const client = await clientIn(t, 'Payment Pending');
    const order = await createOrder(t, client);
    const first = rzp.pay(order.id);
    const paid = rzp.webhook('payment.captured', first.payment);
    expect((await postWebhook(paid.body, paid.signature)).statusCode).toBe(200);
    const before = await snapshot(t, client);
    const second = rzp.webhook('payment.captured', rzp.pay(order.id).payment);
    expect((await postWebhook(second.body, second.signature)).statusCode).toBe(200);
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
    expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
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
    const res = await postWebhook(stranger.body, stranger.signature);
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
