/**
 * The queue's selection as CSV (issue 36): the files chosen, or every file a filter matches, among those the
 * staff member may see; audited with the count.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, eq } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling, seedFirm, type Firm } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helpers.ts';

const t = useTestApp();
let firm: Firm;

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'export', status: 'Docs Upload Pending' });
});

const exportAs = (sid: string, selection: unknown) =>
  t.postAs(sid, '/api/staff/clients/export', { taxy: firm.taxYear, selection });
/** The CSV's lines (its byte-order mark dropped), each split on commas (no cell here holds one). */
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('POST /api/staff/clients/export', () => {
  it("exports the chosen files an analyst may see, leaving out another analyst's, audited with the count", async () => {
    const res = await exportAs(firm.analyst.sid, { client_ids: [firm.asha.clientId, firm.ravi.clientId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`files-${firm.taxYear}.csv`);
    const [header, ...rows] = linesOf(res.body);
    expect(header?.slice(0, 6)).toEqual(['File number', 'Name', 'E-mail', 'Phone', 'Status', 'Assigned to']);
    expect(rows.map((row) => [row[1], row[2], row[4], row[5]])).toEqual([
      ['Asha Rao', 'asha.export@example.com', 'Docs Upload Pending', 'Ravi Shah'],
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.clients.export'), eq(auditLog.actorUserId, firm.analyst.userId)));
    expect(audit?.subject).toBe(`${firm.taxYear} 1 files chosen`);
  });

  it('exports every file a filter matches for an admin', async () => {
    await assignFiling(t, firm.ravi, firm.otherAnalyst, 'Preparation Pending');
    const all = linesOf((await exportAs(firm.admin.sid, { filter: {} })).body).slice(1);
    expect(all.map((row) => row[1]).sort()).toEqual(['Asha Rao', 'Ravi Kumar']);
    const res = await exportAs(firm.admin.sid, { filter: { status: 'Preparation Pending' } });
    expect(
      linesOf(res.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['Ravi Kumar']);
  });

  it('refuses a selection that is both, neither or too long, and anyone not signed in as staff', async () => {
    for (const selection of [{}, { client_ids: [firm.asha.clientId], filter: {} }, { client_ids: [] }]) {
      const res = await exportAs(firm.admin.sid, selection);
      expect(res.statusCode).toBe(400);
      expect(res.json().status_smessage).toBe(MESSAGES.BULK_SELECTION_EMPTY);
    }
    const tooMany = await exportAs(firm.admin.sid, {
      client_ids: Array.from(
        { length: 501 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().status_smessage).toBe(MESSAGES.BULK_SELECTION_TOO_LARGE);
    expect((await exportAs(firm.asha.sid, { filter: {} })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/staff/clients/export',
      payload: { taxy: firm.taxYear, selection: { filter: {} } },
    });
    // Without a session (nor the CSRF pair that comes with one) the request is refused before it is read.
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.headers['content-type']).not.toContain('text/csv');
  });
});
