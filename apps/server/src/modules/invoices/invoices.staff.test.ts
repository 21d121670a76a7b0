import { MESSAGES, type PriceItem, type StaffInvoice } from '@taxfirm/contract';
import {
  and,
  auditLog,
  clients,
  desc,
  emailOutbox,
  eq,
  filings,
  invoiceLines,
  invoices,
  notifications,
  siteSettings,
  sql,
  users,
} from '@taxfirm/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  sentText,
  signUpAndLogIn,
  staffSession,
  type TestApp,
} from '../../../test/helpers.ts';
import { makeInvoice } from '../../../test/factories.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { createInvoice } from './invoices.staff.service.ts';

type Session = { sid: string; userId: string; clientId: string };
type Staff = { sid: string; userId: string };

let t: TestApp;
let taxYear: number;
let admin: Staff;
let analyst: Staff;
let otherAnalyst: Staff;
let asha: Session;
let ravi: Session;
let federal: PriceItem;
let state: PriceItem;

const ASHA_EMAIL = 'asha.invoices@example.com';

const call = (who: Staff, path: string, body: Record<string, unknown>) =>
  t.postAs(who.sid, `/api/staff/${path}`, body);

function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().status_smessage).toBe(message);
}

/** Federal + one state, 10% off: $350.00 less $35.00. */
const federalAndState = () => ({
  lines: [
    { price_item_id: federal.id, description: federal.name, quantity: 1, unit_amount: federal.amount },
    { price_item_id: state.id, description: state.name, quantity: 1, unit_amount: state.amount },
  ],
  discount: { kind: 'percent', value: 10, reason: 'Returning client' },
});

async function createOk(who: Staff, clientId: string, body: Record<string, unknown> = {}) {
  const res = await call(who, 'invoices/create', {
    taxy: taxYear,
    client_id: clientId,
    ...federalAndState(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invoice as StaffInvoice;
}

/** The firm's one settings row: INR invoices on or off. */
const setInr = (on: boolean) =>
  t.database.db
    .update(siteSettings)
    .set({ invoiceInrEnabled: on })
    .where(sql`true`);

const auditRows = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt));

const thisYear = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric' }).format(new Date()),
  );

beforeAll(async () => {
  t = await createTestApp();
  taxYear = (await t.post('/api/settings/getsettings')).json().data[0].current_tax_year;
  admin = await staffSession(t, 'admin.inv@firm.example', 'admin');
  analyst = await staffSession(t, 'analyst.inv@firm.example', 'analyst');
  otherAnalyst = await staffSession(t, 'other.inv@firm.example', 'analyst');
  asha = await signUpAndLogIn(t, ASHA_EMAIL, { first: 'Asha', last: 'Rao' });
  ravi = await signUpAndLogIn(t, 'ravi.invoices@example.com', { first: 'Ravi', last: 'Kumar' });
  await t.database.db
    .update(filings)
    .set({ status: 'Payment Pending', assignedTo: analyst.userId })
    .where(eq(filings.clientId, asha.clientId));
  await t.database.db
    .update(filings)
    .set({ status: 'Payment Pending', assignedTo: otherAnalyst.userId })
    .where(eq(filings.clientId, ravi.clientId));
  const list = await call(analyst, 'pricelist/list', {});
  expect(list.statusCode, list.body).toBe(200);
  const items = list.json().items as PriceItem[];
  const byName = (start: string) => {
    const item = items.find((i) => i.name.startsWith(start));
    if (!item) throw new Error(`no ${start} item in the seeded price list`);
    return item;
  };
  federal = byName('Federal');
  state = byName('State');
});
afterAll(async () => {
  await t.close();
});

describe('staff/invoices/create', () => {
  it('makes a numbered draft from price list lines with a percent discount, audited', async () => {
    const res = await call(analyst, 'invoices/create', {
      taxy: taxYear,
      client_id: asha.clientId,
      ...federalAndState(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_CREATED);
    const invoice = res.json().invoice as StaffInvoice;
    expect(invoice).toMatchObject({
      number: `INV-${thisYear()}-0001`,
      status: 'draft',
      tax_year: taxYear,
      currency: 'USD',
      subtotal: 35000,
      discount: 3500,
      discount_kind: 'percent',
      discount_value: 10,
      discount_reason: 'Returning client',
      total: 31500,
      paid: 0,
      balance: 31500,
      client_id: asha.clientId,
      client_name: 'Asha Rao',
      created_by: analyst.userId,
      overdue: false,
    });
    expect(invoice.lines).toEqual([
      { description: federal.name, quantity: 1, unit_amount: 25000, amount: 25000 },
      { description: state.name, quantity: 1, unit_amount: 10000, amount: 10000 },
    ]);
    expect(invoice.pdf_url).toMatch(/^\/api\/staff\/invoices\/pdf\?t=/);
    const [row] = await auditRows('invoice.create');
    expect(row).toMatchObject({
      actorUserId: analyst.userId,
      clientId: asha.clientId,
      subject: invoice.number,
    });
    // A draft says nothing to the client.
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, ASHA_EMAIL));
    expect(mails.filter((m) => m.subject.includes('invoice'))).toHaveLength(0);
  });

  it('numbers invoices per calendar year of creation, in the firm’s time zone', async () => {
    const actor: StaffActor = {
      kind: 'staff',
      userId: admin.userId,
      role: 'admin',
      offshore: false,
      ip: '127.0.0.1',
      userAgent: 'test',
    };
    const make = async (now: Date) => {
      const id = await createInvoice({
        db: t.database.db,
        actor,
        taxYear,
        input: { client_id: asha.clientId, currency: 'USD', lines: federalAndState().lines },
        now,
      });
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
      return row?.number;
    };
    expect(await make(new Date('2040-06-01T12:00:00Z'))).toBe('INV-2040-0001');
    expect(await make(new Date('2040-07-01T12:00:00Z'))).toBe('INV-2040-0002');
    // 03:00 UTC on 1 January is still 31 December in Chicago.
    expect(await make(new Date('2041-01-01T03:00:00Z'))).toBe('INV-2040-0003');
    expect(await make(new Date('2041-01-01T12:00:00Z'))).toBe('INV-2041-0001');
  });

  it('refuses INR unless the firm enables it, and price list items of another currency', async () => {
    const inr = { currency: 'INR', lines: [{ description: 'India ITR', quantity: 1, unit_amount: 250000 }] };
    expectError(
      await call(analyst, 'invoices/create', { taxy: taxYear, client_id: asha.clientId, ...inr }),
      422,
      MESSAGES.INVOICE_CURRENCY_OFF,
    );
    await setInr(true);
    const made = await createOk(analyst, asha.clientId, { ...inr, discount: null });
    expect(made).toMatchObject({ currency: 'INR', total: 250000 });
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        client_id: asha.clientId,
        ...federalAndState(),
        currency: 'INR',
      }),
      422,
      MESSAGES.INVOICE_LINE_CURRENCY_MISMATCH,
    );
    await setInr(false);
  });

  it('answers bad input with the contract’s messages', async () => {
    const base = { client_id: asha.clientId };
    expectError(
      await call(analyst, 'invoices/create', { taxy: taxYear, ...base, lines: [] }),
      400,
      MESSAGES.INVOICE_LINES_REQUIRED,
    );
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        ...base,
        lines: [{ description: 'Federal', quantity: 1, unit_amount: 1000 }],
        discount: { kind: 'amount', value: 2000, reason: 'Too much' },
      }),
      400,
      MESSAGES.INVOICE_DISCOUNT_TOO_LARGE,
    );
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        ...base,
        ...federalAndState(),
        due_date: '2026-02-30',
      }),
      400,
      MESSAGES.INVOICE_DUE_DATE_INVALID,
    );
    expectError(
      await call(analyst, 'invoices/create', {
        taxy: taxYear,
        ...federalAndState(),
        client_id: '00000000-0000-4000-8000-000000000000',
      }),
      404,
      MESSAGES.CLIENT_NOT_FOUND,
    );
  });

  it('keeps an analyst to their own files, and a client out', async () => {
    expectError(
      await call(otherAnalyst, 'invoices/create', {
        taxy: taxYear,
        client_id: asha.clientId,
        ...federalAndState(),
      }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    expect(
      (await t.postAs(asha.sid, '/api/staff/invoices/create', { client_id: asha.clientId })).statusCode,
    ).toBe(403);
  });
});

describe('one client’s invoices, year by year', () => {
  it('lists an analyst only the year of the file they may work, never another analyst’s year', async () => {
    // Asha's previous year is another analyst's file, with an invoice on it.
    await t.database.db
      .insert(filings)
      .values({ clientId: asha.clientId, taxYear: taxYear - 1, assignedTo: otherAnalyst.userId });
    const earlier = await makeInvoice(t.database.db, {
      clientId: asha.clientId,
      taxYear: taxYear - 1,
      totalCents: 12300,
    });
    const current = await createOk(analyst, asha.clientId);
    const mine = await call(analyst, 'invoices/list', { client_id: asha.clientId });
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = (mine.json().data as StaffInvoice[]).map((invoice) => invoice.id);
    expect(ids).toContain(current.id);
    expect(ids).not.toContain(earlier.id);
    expect((mine.json().data as StaffInvoice[]).every((invoice) => invoice.tax_year === taxYear)).toBe(true);
    expectError(
      await call(analyst, 'invoices/list', { client_id: asha.clientId, taxy: taxYear - 1 }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    const theirs = await call(otherAnalyst, 'invoices/list', { client_id: asha.clientId, taxy: taxYear - 1 });
    expect((theirs.json().data as StaffInvoice[]).map((invoice) => invoice.id)).toEqual([earlier.id]);
  });
});

describe('staff/invoices/save, send and void', () => {
  it('saves a draft only, replacing its lines and amounts', async () => {
    const draft = await createOk(analyst, asha.clientId);
    const res = await call(analyst, 'invoices/save', {
      invoice_id: draft.id,
      lines: [{ description: 'Amended return', quantity: 2, unit_amount: 15000 }],
      discount: { kind: 'amount', value: 5000, reason: 'Two at once' },
      due_date: '2030-01-15',
      note: 'Thank you',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_SAVED);
    expect(res.json().invoice).toMatchObject({
      number: draft.number,
      subtotal: 30000,
      discount: 5000,
      discount_kind: 'amount',
      total: 25000,
      due_date: '2030-01-15',
      note: 'Thank you',
      lines: [{ description: 'Amended return', quantity: 2, unit_amount: 15000, amount: 30000 }],
    });
    expect(
      await t.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id)),
    ).toHaveLength(1);
    expect((await auditRows('invoice.save'))[0]).toMatchObject({
      subject: draft.number,
      actorUserId: analyst.userId,
    });

    expectError(
      await call(otherAnalyst, 'invoices/save', { invoice_id: draft.id, lines: federalAndState().lines }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    expectError(
      await call(analyst, 'invoices/save', {
        invoice_id: '00000000-0000-4000-8000-000000000000',
        lines: federalAndState().lines,
      }),
      404,
      MESSAGES.INVOICE_NOT_FOUND,
    );
  });

  it('sends a draft once: the client is told by e-mail and in the bell, without amounts', async () => {
    const draft = await createOk(analyst, asha.clientId);
    expectError(
      await call(otherAnalyst, 'invoices/send', { invoice_id: draft.id }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    const res = await call(analyst, 'invoices/send', { invoice_id: draft.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_SENT);
    expect(res.json().invoice).toMatchObject({ status: 'sent', balance: 31500 });
    expect(res.json().invoice.sent_at).not.toBeNull();
    expect((await auditRows('invoice.send'))[0]).toMatchObject({
      subject: draft.number,
      clientId: asha.clientId,
    });

    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, ASHA_EMAIL), eq(emailOutbox.subject, 'You have a new invoice')))
      .orderBy(desc(emailOutbox.createdAt));
    const text = sentText(mail);
    expect(text).toContain(`/user/invoices/${draft.id}`);
    // The link's id is random hex and may hold "315"; the amounts must not appear anywhere else.
    expect(text.replace(`/user/invoices/${draft.id}`, '')).not.toMatch(/\$|315|350/);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.clientId, asha.clientId));
    expect(bell.some((n) => n.title === 'You have a new invoice' && n.kind === 'payment')).toBe(true);

    expectError(
      await call(analyst, 'invoices/send', { invoice_id: draft.id }),
      409,
      MESSAGES.INVOICE_NOT_SENDABLE,
    );
    expectError(
      await call(analyst, 'invoices/save', { invoice_id: draft.id, lines: federalAndState().lines }),
      409,
      MESSAGES.INVOICE_NOT_DRAFT,
    );
  });

  it('voids only an invoice without money on it, keeping the reason', async () => {
    const sent = await createOk(analyst, asha.clientId);
    await call(analyst, 'invoices/send', { invoice_id: sent.id });
    // A payment stands on it: 200.00 paid, nothing refunded.
    await t.database.db
      .update(invoices)
      .set({ paidCents: 20000, status: 'partly_paid' })
      .where(eq(invoices.id, sent.id));
    expectError(
      await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: 'Wrong client' }),
      409,
      MESSAGES.INVOICE_HAS_PAYMENTS,
    );
    // Refunded in full: it may be voided.
    await t.database.db
      .update(invoices)
      .set({ refundedCents: 20000, status: 'sent' })
      .where(eq(invoices.id, sent.id));
    expectError(
      await call(otherAnalyst, 'invoices/void', { invoice_id: sent.id, reason: 'Wrong client' }),
      403,
      MESSAGES.CLIENT_OTHER_ANALYST,
    );
    expectError(
      await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: ' ' }),
      400,
      MESSAGES.INVOICE_VOID_REASON_REQUIRED,
    );
    const res = await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: 'Wrong client' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.INVOICE_VOIDED);
    expect(res.json().invoice).toMatchObject({ status: 'void', void_reason: 'Wrong client', balance: 0 });
    expect((await auditRows('invoice.void'))[0]).toMatchObject({ subject: `${sent.number}: Wrong client` });
    expectError(
      await call(analyst, 'invoices/void', { invoice_id: sent.id, reason: 'Again' }),
      409,
      MESSAGES.INVOICE_VOID,
    );
    expectError(
      await call(analyst, 'invoices/send', { invoice_id: sent.id }),
      409,
      MESSAGES.INVOICE_NOT_SENDABLE,
    );
  });
});

describe('staff/invoices/list and the CSV export', () => {
  let zed: Session;
  let yara: Session;
  const ids = { overdue: '', open: '', draft: '', paid: '', void: '' };

  beforeAll(async () => {
    zed = await signUpAndLogIn(t, 'zed@totals.example', { first: 'Zed', last: 'Totals' });
    yara = await signUpAndLogIn(t, 'yara@totals.example', { first: 'Yara', last: 'Totals' });
    await t.database.db
      .update(filings)
      .set({ assignedTo: analyst.userId })
      .where(eq(filings.clientId, zed.clientId));
    await t.database.db
      .update(filings)
      .set({ assignedTo: otherAnalyst.userId })
      .where(eq(filings.clientId, yara.clientId));
    await t.database.db.update(clients).set({ fileNumber: 'TOT-77' }).where(eq(clients.id, zed.clientId));
    // A client whose name a spreadsheet would read as a formula.
    await t.database.db
      .update(clients)
      .set({ firstName: '=HYPERLINK("http://x")' })
      .where(eq(clients.id, yara.clientId));
    const lines = (cents: number) => [{ description: 'Work', quantity: 1, unit_amount: cents }];
    // Zed: one open and overdue (10000, 4000 paid), one open not due (20000), one draft (5000).
    ids.overdue = (
      await createOk(analyst, zed.clientId, { lines: lines(10000), discount: null, due_date: '2020-01-01' })
    ).id;
    ids.open = (
      await createOk(analyst, zed.clientId, { lines: lines(20000), discount: null, due_date: '2099-01-01' })
    ).id;
    ids.draft = (await createOk(analyst, zed.clientId, { lines: lines(5000), discount: null })).id;
    // Yara: one paid (30000) and one void (7000).
    ids.paid = (await createOk(otherAnalyst, yara.clientId, { lines: lines(30000), discount: null })).id;
    ids.void = (await createOk(otherAnalyst, yara.clientId, { lines: lines(7000), discount: null })).id;
    for (const id of [ids.overdue, ids.open, ids.paid]) {
      const sent = await call(admin, 'invoices/send', { invoice_id: id });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    await t.database.db
      .update(invoices)
      .set({ paidCents: 4000, status: 'partly_paid' })
      .where(eq(invoices.id, ids.overdue));
    await t.database.db
      .update(invoices)
      .set({ paidCents: 30000, status: 'paid', paidAt: new Date() })
      .where(eq(invoices.id, ids.paid));
    expect(
      (await call(otherAnalyst, 'invoices/void', { invoice_id: ids.void, reason: 'Duplicate' })).statusCode,
    ).toBe(200);
  });

  const list = (who: Staff, body: Record<string, unknown>) =>
    call(who, 'invoices/list', {
      dataTablesParameters: { draw: 3, start: 0, length: 25, search: { value: 'totals.example' } },
      ...body,
    });

  it('lists the firm’s invoices to admins only', async () => {
    expectError(await list(analyst, {}), 403, MESSAGES.FORBIDDEN);
    const res = await list(admin, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ draw: 3, recordsFiltered: 5 });
  });

  it('shows an offshore admin only the clients whose §7216 Yes is in force', async () => {
    const offshore = await staffSession(t, 'offshore.inv@firm.example', 'admin');
    await t.database.db.update(users).set({ location: 'offshore' }).where(eq(users.id, offshore.userId));
    await t.database.db.update(clients).set({ offshoreConsent: true }).where(eq(clients.id, zed.clientId));
    const res = await list(offshore, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as StaffInvoice[]).every((i) => i.client_id === zed.clientId)).toBe(true);
    expect(res.json().recordsFiltered).toBe(3);
    expectError(await list(offshore, { client_id: yara.clientId }), 403, MESSAGES.CLIENT_US_ONLY);
    const csv = await t.getAs(offshore.sid, '/api/staff/invoices/export?search=totals.example');
    expect(parseCsv(csv.body)).toHaveLength(4);
  });

  it('lists one client’s invoices on the file’s rules', async () => {
    expectError(await list(otherAnalyst, { client_id: zed.clientId }), 403, MESSAGES.CLIENT_OTHER_ANALYST);
    const res = await list(analyst, { client_id: zed.clientId });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as StaffInvoice[]).map((i) => i.id).sort()).toEqual(
      [ids.overdue, ids.open, ids.draft].sort(),
    );
  });

  it('filters by state, with the totals of the whole filter per currency', async () => {
    const filtered = async (filter: string) => {
      const res = await list(admin, { filter, sort: { column: 'total', dir: 'asc' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: StaffInvoice[]; totals: unknown[]; recordsFiltered: number };
    };
    const open = await filtered('open');
    expect(open.data.map((i) => i.id)).toEqual([ids.overdue, ids.open]);
    expect(open.totals).toEqual([{ currency: 'USD', count: 2, total: 30000, paid: 4000, balance: 26000 }]);
    const overdue = await filtered('overdue');
    expect(overdue.data.map((i) => i.id)).toEqual([ids.overdue]);
    expect(overdue.data[0]).toMatchObject({ overdue: true, balance: 6000, status: 'partly_paid' });
    expect((await filtered('paid')).data.map((i) => i.id)).toEqual([ids.paid]);
    expect((await filtered('draft')).data.map((i) => i.id)).toEqual([ids.draft]);
    expect((await filtered('void')).data.map((i) => i.id)).toEqual([ids.void]);
    const all = await filtered('all');
    expect(all.data.map((i) => i.total)).toEqual([5000, 7000, 10000, 20000, 30000]);
    expect(all.totals).toEqual([{ currency: 'USD', count: 5, total: 72000, paid: 34000, balance: 31000 }]);
  });

  it('searches by number, client name, e-mail and file number, and pages', async () => {
    const search = async (value: string) => {
      const res = await call(admin, 'invoices/list', {
        dataTablesParameters: { start: 0, length: 25, search: { value } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: StaffInvoice[]; recordsFiltered: number; totals: { count: number }[] };
    };
    const byFile = await search('TOT-77');
    expect(byFile.recordsFiltered).toBe(3);
    expect(byFile.totals[0]?.count).toBe(3);
    expect((await search('yara@totals')).recordsFiltered).toBe(2);
    expect((await search('Zed Totals')).recordsFiltered).toBe(3);
    const [one] = (await search('TOT-77')).data;
    expect((await search(one?.number ?? '-')).data.map((i) => i.id)).toEqual([one?.id]);
    const page = await list(admin, {
      dataTablesParameters: { start: 2, length: 2, search: { value: 'totals.example' } },
    });
    expect(page.json().data).toHaveLength(2);
    expect(page.json().recordsFiltered).toBe(5);
  });

  it('exports the filter as formula-safe CSV for admins, audited', async () => {
    expect((await t.getAs(analyst.sid, '/api/staff/invoices/export')).statusCode).toBe(403);
    const res = await t.getAs(
      admin.sid,
      '/api/staff/invoices/export?filter=all&search=totals.example&sort=total&dir=asc',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"") Totals"`);
    const rows = parseCsv(res.body);
    expect(rows[0]?.[0]).toBe('Number');
    expect(rows.slice(1).map((r) => r[11])).toEqual(['50.00', '70.00', '100.00', '200.00', '300.00']);
    const overdueRow = rows.find((r) => r[12] === '40.00');
    expect(overdueRow?.[14]).toBe('60.00');
    expect(overdueRow?.[16]).toBe('yes');
    const [row] = await auditRows('staff.export.invoices');
    expect(row).toMatchObject({ actorUserId: admin.userId });
    expect(row?.subject).toContain('search=totals.example');
    expect((await t.getAs(admin.sid, '/api/staff/invoices/export?filter=bogus')).statusCode).toBe(400);
  });
});

describe('staff/pricelist', () => {
  it('lets staff read the list and only admins replace it, in order, keeping ids, audited', async () => {
    const before = (await call(analyst, 'pricelist/list', {})).json() as {
      items: PriceItem[];
      inr_enabled: boolean;
    };
    expect(before.items.map((i) => i.name)).toEqual([
      'Federal return (Form 1040)',
      'State return (each state)',
      'FBAR (FinCEN 114)',
      'ITIN application (Form W-7)',
      'India income tax return (ITR)',
      'Amended return (Form 1040-X)',
    ]);
    expect(before.inr_enabled).toBe(false);
    const items = [
      { ...state, amount: 12000 },
      { id: federal.id, name: 'Federal return', amount: 27500, currency: 'USD', active: true },
      { name: 'Extension (Form 4868)', amount: 5000 },
    ];
    expect((await call(analyst, 'pricelist/save', { items })).statusCode).toBe(403);
    expectError(
      await call(admin, 'pricelist/save', { items: [...items, { name: 'federal RETURN', amount: 1 }] }),
      400,
      MESSAGES.PRICE_ITEM_NAME_DUPLICATE,
    );
    const res = await call(admin, 'pricelist/save', { items });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status_smessage).toBe(MESSAGES.PRICE_LIST_SAVED);
    const after = res.json().items as PriceItem[];
    expect(after.map((i) => [i.name, i.amount])).toEqual([
      ['State return (each state)', 12000],
      ['Federal return', 27500],
      ['Extension (Form 4868)', 5000],
    ]);
    expect(after[0]?.id).toBe(state.id);
    expect(after[1]?.id).toBe(federal.id);
    expect((await auditRows('pricelist.save'))[0]).toMatchObject({
      actorUserId: admin.userId,
      subject: '3 items (4 removed)',
    });
    // Invoices keep their own copies of names and prices.
    const [line] = await t.database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.description, 'Federal return (Form 1040)'))
      .limit(1);
    expect(line?.unitCents).toBe(25000);
  });
});
