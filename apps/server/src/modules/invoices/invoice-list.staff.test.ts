/**
 * The staff invoice lists (issue 20): the firm's list (admins, offshore rule), one client's, filters with
 * their totals, search and paging, and the CSV export.
 */
import { MESSAGES, type StaffInvoice } from '@taxfirm/contract';
import { clients, eq, filings, invoices, users } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession } from '../../../test/helpers.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import {
  type Session,
  type Staff,
  t,
  admin,
  analyst,
  otherAnalyst,
  call,
  expectError,
  createOk,
  auditRows,
  useInvoicesStaffApp,
} from './testing/invoices-staff.ts';

useInvoicesStaffApp();

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
