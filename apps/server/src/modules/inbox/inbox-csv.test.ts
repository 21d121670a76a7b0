import { contactMessages } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/parse-csv.ts';
import { admin, analyst, auditsOf, t, taxYear, today, useInboxApp } from './testing/inbox-kit.ts';

useInboxApp();

describe('CSV exports', () => {
  const exportOf = (path: string, sid = admin.sid) => t.getAs(sid, `/api/staff/inbox/export/${path}`);

  it('exports the contact messages as a CSV download, formulas neutralised, audited', async () => {
    const res = await exportOf('contact-messages?sort=received&dir=asc', analyst.sid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="contact-messages-${today()}.csv"; filename*=UTF-8''contact-messages-${today()}.csv`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain(`\r\n2026-01-05T10:00:00.000Z,'+1,`);
    expect(res.body).toContain(`,'-2,`);
    expect(res.body).toContain(`,'@SUM(A1),`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Received', 'Name', 'E-mail', 'Phone', 'Message', 'Status']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      'Asha Rao',
      'Bina Das',
      'Chetan, Iyer',
      '\'=HYPERLINK("http://x")',
      "'+1",
      "'-2",
      "'@SUM(A1)",
    ]);
    // Commas, quotes and line breaks come back exactly.
    expect(rows[3]).toEqual([
      '2026-01-03T10:00:00.000Z',
      'Chetan, Iyer',
      'chetan@example.com',
      "'+1 (469)-555-0100",
      'line one\nline "two", and more',
      'new',
    ]);
    expect(await auditsOf('staff.export.contact-messages')).toEqual([
      expect.objectContaining({ actorUserId: analyst.userId, subject: '?sort=received&dir=asc' }),
    ]);
  });

  it("exports with the list's filters and search", async () => {
    const fresh = parseCsv((await exportOf('contact-messages?status=new&sort=name&dir=desc')).body);
    expect(fresh.slice(1).map((r) => r[1])).toEqual(['Chetan, Iyer', 'Asha Rao']);
    const search = parseCsv((await exportOf('contact-messages?search=bina')).body);
    expect(search.slice(1).map((r) => r[1])).toEqual(['Bina Das']);
  });

  it('exports career applications, referrals and payments (amounts in dollars)', async () => {
    const careers = parseCsv((await exportOf('career-applications')).body);
    expect(careers.slice(1).map((r) => [r[1], r[6]])).toEqual([
      ['Priya Sharma', 'Priya "CV" résumé.pdf'],
      ['Ravi Kumar', ''],
    ]);
    const refs = parseCsv((await exportOf(`referrals?taxy=${taxYear - 1}`)).body);
    expect(refs).toHaveLength(2);
    expect(refs[1]).toEqual([
      '2026-02-02T00:00:00.000Z',
      String(taxYear - 1),
      'Kiran Patel',
      'kiran@example.com',
      "'+1 (469)-555-0100",
      'Amit Gupta',
      'amit@example.com',
      "'+91 98765-43210",
      'Met at work',
      'Kiran Patel',
      'TF-0042',
    ]);
    const res = await exportOf('payments?sort=amount&dir=desc');
    expect(res.headers['content-disposition']).toContain(`filename="payments-${today()}.csv"`);
    const pays = parseCsv(res.body);
    expect(pays[0]).toEqual([
      'Created',
      'Client',
      'File number',
      'Tax year',
      'Amount',
      'Currency',
      'Status',
      'Order id',
      'Payment id',
      'Paid at',
    ]);
    expect(pays.slice(1).map((r) => [r[4], r[6], r[7], r[8]])).toEqual([
      ['123.45', 'paid', 'order_paid', 'pay_paid'],
      ['50.00', 'created', 'order_open', ''],
      ['9.99', 'failed', 'order_failed', ''],
    ]);
    const ranged = parseCsv((await exportOf('payments?status=created&from=03-01-2026&to=03-31-2026')).body);
    expect(ranged.slice(1).map((r) => r[7])).toEqual(['order_open']);
  });

  it('refuses bad filters with 400 and writes no export', async () => {
    const before = (await auditsOf('staff.export.payments')).length;
    expect((await exportOf('contact-messages?status=spam')).statusCode).toBe(400);
    expect((await exportOf('payments?from=03-10-2026&to=03-01-2026')).statusCode).toBe(400);
    expect((await exportOf('payments?sort=nope')).statusCode).toBe(400);
    expect((await auditsOf('staff.export.payments')).length).toBe(before);
  });

  it('holds every matching row, not one page (read in batches)', async () => {
    await t.database.db.insert(contactMessages).values(
      Array.from({ length: 1203 }, (_, i) => ({
        name: `Bulk sender ${String(i).padStart(4, '0')}`,
        email: `bulk${i}@example.com`,
        phone: '4695550100',
        phoneExt: 'US',
        message: 'bulk',
        status: 'registered' as const,
      })),
    );
    const rows = parseCsv((await exportOf('contact-messages?status=registered&sort=name&dir=asc')).body);
    expect(rows).toHaveLength(1204);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(1203);
    expect(rows[1]?.[1]).toBe('Bulk sender 0000');
    expect(rows[1203]?.[1]).toBe('Bulk sender 1202');
  });
});
