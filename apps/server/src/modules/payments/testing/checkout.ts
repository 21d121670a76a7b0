/**
 * Shared by the payments tests (payments.*.test.ts) and the billing tests: clients on a filing, orders, the
 * sandbox checkout, the page's verifyOrder call, the provider's webhook, and what the database holds.
 */
import { sandboxPayResponseSchema, type FileStatus } from '@taxfirm/contract';
import { and, emailOutbox, eq, filings, filingStatusHistory, payments, type Database } from '@taxfirm/db';
import { expect } from 'vitest';
import { makeInvoice } from '../../../../test/factories.ts';
import { signUpAndLogIn, type TestApp } from '../../../../test/helpers.ts';

export const SUCCESS_CARD = {
  card_number: '4111 1111 1111 1111',
  expiry: '12/39',
  cvv: '123',
  name: 'Asha Rao',
};
export const DECLINED_CARD = { ...SUCCESS_CARD, card_number: '4000 0000 0000 0002' };

export type Client = { sid: string; userId: string; clientId: string; email: string };

let counter = 0;
export async function clientIn(t: TestApp, status: FileStatus): Promise<Client> {
  const email = `payer${++counter}-${Date.now()}@example.com`;
  const account = await signUpAndLogIn(t, email);
  await setStatus(t.database.db, account.clientId, status);
  return { ...account, email };
}

/**
 * The file's invoice for what it pays (issue 20): a payment moves the file on only when it covers the file's
 * invoices; one with no invoice open is recorded and never moves it.
 */
export async function invoiced(t: TestApp, client: Client, totalCents = 15025) {
  const filing = await filingOf(t.database.db, client.clientId);
  return makeInvoice(t.database.db, { clientId: client.clientId, taxYear: filing.taxYear, totalCents });
}

async function setStatus(db: Database, clientId: string, status: FileStatus) {
  await db.update(filings).set({ status }).where(eq(filings.clientId, clientId));
}

export async function filingOf(db: Database, clientId: string) {
  const [filing] = await db.select().from(filings).where(eq(filings.clientId, clientId));
  if (!filing) throw new Error(`no filing for ${clientId}`);
  return filing;
}
export const historyOf = async (db: Database, filingId: string) =>
  db.select().from(filingStatusHistory).where(eq(filingStatusHistory.filingId, filingId));
export const orderRow = async (db: Database, orderId: string) =>
  (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];
export const receiptsTo = (db: Database, email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email)));
export const receiptCount = async (db: Database, email: string) =>
  (await receiptsTo(db, email)).filter((m) => m.subject.startsWith('Payment received')).length;

export async function createOrder(t: TestApp, client: Client, amount = 15025) {
  const res = await t.postAs(client.sid, '/api/payment/createOrder', {
    amount,
    currency: 'USD',
    clientid: 'someone-else',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; amount: number; currency: string; provider: string; key: string };
}

/** The page's verifyOrder call: the order and what Checkout answered for it (its payment id and signature). */
export function verifyOrder(
  t: TestApp,
  client: Pick<Client, 'sid'>,
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
export async function snapshot(t: TestApp, client: Client) {
  const db = t.database.db;
  const filing = await filingOf(db, client.clientId);
  return {
    orders: await db.select().from(payments).where(eq(payments.clientId, client.clientId)),
    filing,
    history: await historyOf(db, filing.id),
    mails: (await receiptsTo(db, client.email)).length,
  };
}

/** The sandbox checkout's pay call for an order, with the success card unless told. */
export async function sandboxPay(t: TestApp, client: Client, orderId: string, card = SUCCESS_CARD) {
  const res = await t.postAs(client.sid, '/api/account/payments/sandbox/pay', {
    order_id: orderId,
    ...card,
  });
  expect(res.statusCode, res.body).toBe(200);
  // The answer has the shape the contract (and so the web's checkout) expects.
  return sandboxPayResponseSchema.parse(res.json()).result;
}

/** A new order paid with the success card in the sandbox checkout (not yet verified). */
export async function paidCheckout(t: TestApp, client: Client, amount = 15025) {
  const order = await createOrder(t, client, amount);
  const result = await sandboxPay(t, client, order.id);
  if (result.status !== 'captured') throw new Error('the success card failed');
  return { order, result };
}

/** The provider's webhook, as Razorpay posts it (the signature header left out when none is given). */
export const postWebhook = (t: TestApp, body: string, signature: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-razorpay-signature': signature } : {}),
    },
    payload: body,
  });
