import { describe, expect, it } from 'vitest';
import { admin, analyst, client, t, taxYear, useInboxApp } from './testing/inbox-kit.ts';

useInboxApp();

describe('staff/inbox/payments/list', () => {
  const list = (body: Record<string, unknown>, sid = admin.sid) =>
    t.postAs(sid, '/api/staff/inbox/payments/list', body);
  const orders = (res: { json: () => { data: { order_id: string }[] } }) =>
    res.json().data.map((r) => r.order_id);

  it('lists every payment with its client, file number, amount in cents, status and ids', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(res.json().data[0]).toEqual({
      id: expect.any(String),
      client_id: client.clientId,
      client_name: 'Kiran Patel',
      file_number: 'TF-0042',
      tax_year: taxYear,
      amount_cents: 12345,
      currency: 'USD',
      status: 'paid',
      order_id: 'order_paid',
      payment_id: 'pay_paid',
      paid_at: '2026-03-10T12:00:00.000Z',
      created_at: '2026-03-10T11:59:00.000Z',
    });
    expect(orders(res)).toEqual(['order_paid', 'order_open', 'order_failed']);
  });

  it('filters by status, by tax year (through the filing) and by a date range, and sorts by amount', async () => {
    expect(orders(await list({ status: 'paid' }))).toEqual(['order_paid']);
    const previous = await list({ taxy: taxYear - 1 });
    expect(previous.json()).toMatchObject({ recordsTotal: 1, recordsFiltered: 1 });
    expect(orders(previous)).toEqual(['order_failed']);
    // The day a payment was paid, else the day its order was made; both ends included.
    expect(orders(await list({ from: '03-01-2026', to: '03-09-2026' }))).toEqual(['order_open']);
    expect(orders(await list({ from: '03-10-2026', to: '03-10-2026' }))).toEqual(['order_paid']);
    expect(orders(await list({ to: '12-31-2025' }))).toEqual(['order_failed']);
    expect(orders(await list({ sort: { column: 'amount', dir: 'asc' } }))).toEqual([
      'order_failed',
      'order_open',
      'order_paid',
    ]);
    expect(orders(await list({ dataTablesParameters: { search: { value: 'pay_paid' } } }))).toEqual([
      'order_paid',
    ]);
  });

  it("searches the client's name and file number and the ids, counting the matches within the filters", async () => {
    const search = (value: string, more: Record<string, unknown> = {}) =>
      list({ ...more, dataTablesParameters: { search: { value } } });
    const byName = await search('kiran pat');
    expect(byName.json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(orders(byName)).toEqual(['order_paid', 'order_open', 'order_failed']);
    expect(orders(await search('tf-004'))).toEqual(['order_paid', 'order_open', 'order_failed']);
    expect((await search('order_open')).json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 1 });
    const inYear = await search('kiran', { taxy: taxYear });
    expect(inYear.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(orders(inYear)).toEqual(['order_paid', 'order_open']);
    expect((await search('nobody', { status: 'paid' })).json()).toMatchObject({
      recordsTotal: 1,
      recordsFiltered: 0,
      data: [],
    });
  });

  it('refuses a start after the end, a bad date and a bad status with 400', async () => {
    const reversed = await list({ from: '03-10-2026', to: '03-01-2026' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details.to).toBe('The start date must not be after the end date.');
    expect((await list({ from: '2026-03-01' })).statusCode).toBe(400);
    expect((await list({ status: 'refunded' })).statusCode).toBe(400);
  });

  it('is for admins only (DESIGN.md: payments are an admin concern)', async () => {
    expect((await list({}, analyst.sid)).statusCode).toBe(403);
    expect((await t.getAs(analyst.sid, '/api/staff/inbox/export/payments')).statusCode).toBe(403);
  });

  it('referrals too: they name clients an analyst may not work', async () => {
    const res = await t.postAs(analyst.sid, '/api/staff/inbox/referrals/list', {});
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toMatch(/referr/i);
    expect((await t.getAs(analyst.sid, '/api/staff/inbox/export/referrals')).statusCode).toBe(403);
  });
});
