import { MESSAGES, type ClientInvoice, type StaffInvoice } from '@taxfirm/contract';
import { eq, invoices, paymentRefunds, payments } from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogIn, staffSession, type TestApp } from '../../../test/helpers.ts';
import { insertPaidPayment } from './testing/billing.ts';

type Session = { sid: string; userId: string; clientId: string };
type Staff = { sid: string; userId: string };

let t: TestApp;
let taxYear: number;
let admin: Staff;
let asha: Session;
let ravi: Session;
const ids = { draft: '', later: '', sooner: '', paid: '', void: '', ravis: '' };

function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().status_smessage).toBe(message);
}

async function invoice(
  client: Session,
  cents: number,
  options: { send?: boolean; due?: string; currency?: 'USD' | 'INR' } = {},
) {
  const res = await t.postAs(admin.sid, '/api/staff/invoices/create', {
    client_id: client.clientId,
    taxy: taxYear,
    currency: options.currency ?? 'USD',
    lines: [{ description: 'Federal return', quantity: 1, unit_amount: cents }],
    due_date: options.due ?? null,
  });
  expect(res.statusCode, res.body).toBe(200);
  const made = res.json().invoice as StaffInvoice;
  if (options.send !== false) {
    expect((await t.postAs(admin.sid, '/api/staff/invoices/send', { invoice_id: made.id })).statusCode).toBe(
      200,
    );
  }
  return made.id;
}

/** A paid provider payment on the invoice, as the payment flow records it (the invoice's sums and state). */
async function recordPayment(client: Session, invoiceId: string, cents: number, n: number) {
  const id = await insertPaidPayment(t.database.db, {
    clientId: client.clientId,
    invoiceId,
    cents,
    ref: `client${n}`,
    paidAt: new Date(`2026-03-0${n}T15:00:00Z`),
  });
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const paid = (row?.paidCents ?? 0) + cents;
  await t.database.db
    .update(invoices)
    .set({ paidCents: paid, status: paid >= (row?.totalCents ?? 0) ? 'paid' : 'partly_paid' })
    .where(eq(invoices.id, invoiceId));
  return id;
}

const list = async (who: Session) => {
  const res = await t.postAs(who.sid, '/api/account/invoices/list', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    balance: { currency: string; amount: number }[];
    invoices: ClientInvoice[];
    part_payments: boolean;
  };
};
const get = (who: Session, invoiceId: string) =>
  t.postAs(who.sid, '/api/account/invoices/get', { invoice_id: invoiceId });

beforeAll(async () => {
  t = await createTestApp();
  taxYear = (await t.post('/api/settings/getsettings')).json().data[0].current_tax_year;
  admin = await staffSession(t, 'admin.cinv@firm.example', 'admin');
  asha = await signUpAndLogIn(t, 'asha.cinv@example.com', { first: 'Asha', last: 'Rao' });
  ravi = await signUpAndLogIn(t, 'ravi.cinv@example.com', { first: 'Ravi', last: 'Kumar' });
  ids.draft = await invoice(asha, 9900, { send: false });
  ids.later = await invoice(asha, 20000, { due: '2099-05-01' });
  ids.sooner = await invoice(asha, 35000, { due: '2099-04-01' });
  ids.paid = await invoice(asha, 10000);
  ids.void = await invoice(asha, 4000);
  ids.ravis = await invoice(ravi, 12300);
  await recordPayment(asha, ids.paid, 10000, 1);
  await recordPayment(asha, ids.sooner, 20000, 2);
  const voided = await t.postAs(admin.sid, '/api/staff/invoices/void', {
    invoice_id: ids.void,
    reason: 'Duplicate',
  });
  expect(voided.statusCode, voided.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('account/invoices/list', () => {
  it('shows the session client’s own invoices, never drafts, open ones first by due date', async () => {
    const mine = await list(asha);
    expect(mine.invoices.map((i) => i.id)).toEqual([ids.sooner, ids.later, ids.void, ids.paid]);
    expect(mine.invoices.map((i) => i.status)).toEqual(['partly_paid', 'sent', 'void', 'paid']);
    expect(mine.invoices.some((i) => i.id === ids.draft || i.id === ids.ravis)).toBe(false);
    expect(mine.part_payments).toBe(false);
    const theirs = await list(ravi);
    expect(theirs.invoices.map((i) => i.id)).toEqual([ids.ravis]);
  });

  it('answers the balance due per currency: open invoices only, less what was paid', async () => {
    // 350.00 - 200.00 paid + 200.00; the paid and the void invoices owe nothing.
    expect((await list(asha)).balance).toEqual([{ currency: 'USD', amount: 35000 }]);
    expect((await list(ravi)).balance).toEqual([{ currency: 'USD', amount: 12300 }]);
    const mine = await list(asha);
    expect(mine.invoices.find((i) => i.id === ids.void)).toMatchObject({
      balance: 0,
      void_reason: 'Duplicate',
    });
  });

  it('is for a client session only', async () => {
    expect((await t.post('/api/account/invoices/list', {})).statusCode).toBe(401);
    expect((await t.postAs(admin.sid, '/api/account/invoices/list', {})).statusCode).toBe(401);
  });
});

describe('account/invoices/get', () => {
  it('shows an own invoice with its lines, payments, refunds and signed PDF links', async () => {
    const [paymentId] = (
      await t.database.db.select({ id: payments.id }).from(payments).where(eq(payments.invoiceId, ids.sooner))
    ).map((p) => p.id);
    await t.database.db.insert(paymentRefunds).values({
      paymentId: paymentId ?? '',
      invoiceId: ids.sooner,
      amountCents: 5000,
      currency: 'USD',
      providerRefundId: 'rfnd_client1',
      reason: 'Goodwill',
      status: 'completed',
      idempotencyKey: 'key-client1-refund',
      settledAt: new Date(),
    });
    await t.database.db
      .update(payments)
      .set({ refundedCents: 5000 })
      .where(eq(payments.id, paymentId ?? ''));
    await t.database.db.update(invoices).set({ refundedCents: 5000 }).where(eq(invoices.id, ids.sooner));

    const res = await get(asha, ids.sooner);
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json().invoice as ClientInvoice;
    expect(shown).toMatchObject({
      id: ids.sooner,
      status: 'partly_paid',
      total: 35000,
      paid: 20000,
      refunded: 5000,
      balance: 20000,
      due_date: '2099-04-01',
      overdue: false,
      lines: [{ description: 'Federal return', quantity: 1, unit_amount: 35000, amount: 35000 }],
      payments: [
        {
          order_id: 'order_client2',
          payment_id: 'pay_client2',
          amount: 20000,
          refunded: 5000,
          method: 'card',
          paid_at: '2026-03-02T15:00:00.000Z',
        },
      ],
      refunds: [{ order_id: 'order_client2', amount: 5000, reason: 'Goodwill', refund_id: 'rfnd_client1' }],
    });
    expect(shown.pdf_url).toMatch(/^\/api\/account\/invoices\/pdf\?t=/);
    expect(shown.payments[0]?.receipt_url).toMatch(/^\/api\/account\/invoices\/pdf\?t=/);
    expect(res.json()).not.toHaveProperty('invoice.client_name');
    expect((await list(asha)).balance).toEqual([{ currency: 'USD', amount: 40000 }]);
  });

  it('treats a draft and another client’s invoice as not found', async () => {
    expectError(await get(asha, ids.draft), 404, MESSAGES.INVOICE_NOT_FOUND);
    expectError(await get(asha, ids.ravis), 404, MESSAGES.INVOICE_NOT_FOUND);
    expectError(await get(ravi, ids.sooner), 404, MESSAGES.INVOICE_NOT_FOUND);
    expectError(await get(asha, '00000000-0000-4000-8000-000000000000'), 404, MESSAGES.INVOICE_NOT_FOUND);
    expectError(await get(asha, 'not-an-id'), 400, MESSAGES.INVOICE_NOT_FOUND);
  });

  it('shows an open invoice past its due date as overdue', async () => {
    await t.database.db.update(invoices).set({ dueDate: '2020-01-01' }).where(eq(invoices.id, ids.later));
    expect((await get(asha, ids.later)).json().invoice).toMatchObject({ overdue: true, status: 'sent' });
    // A paid invoice is never overdue.
    await t.database.db.update(invoices).set({ dueDate: '2020-01-01' }).where(eq(invoices.id, ids.paid));
    expect((await get(asha, ids.paid)).json().invoice).toMatchObject({ overdue: false, balance: 0 });
  });
});
