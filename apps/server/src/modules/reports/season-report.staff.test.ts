/**
 * The season report (issue 36): per owner and per status, each figure from its domain's own rule; billed
 * leaves void (and draft) invoices out.
 */
import { SEASON_REPORT_EXPORT_PATH } from '@taxfirm/contract';
import { auditLog, eq, filingStatusHistory, invoices, requestItems } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignFiling, makeInvoice, seedFirm, type Firm } from '../../../test/factories.ts';
import { testStaffActor, useTestApp } from '../../../test/helpers.ts';
import { parseCsv } from '../../../test/parse-csv.ts';
import { seasonReport } from './season-report.staff.service.ts';

const t = useTestApp();
let firm: Firm;
const DAY = 86_400_000;

beforeAll(async () => {
  firm = await seedFirm(t, { tag: 'report' });
  const asha = await assignFiling(t, firm.asha, firm.analyst, 'Review Pending');
  const ravi = await assignFiling(t, firm.ravi, null, 'Docs Upload Pending');
  // Asha's stays: 2 days in To Be Assigned, 4 in Interview Pending, then Review Pending (to now).
  await t.database.db.delete(filingStatusHistory).where(eq(filingStatusHistory.filingId, asha.id));
  await t.database.db.delete(filingStatusHistory).where(eq(filingStatusHistory.filingId, ravi.id));
  const start = Date.parse(`${firm.taxYear + 1}-02-01T12:00:00Z`);
  await t.database.db.insert(filingStatusHistory).values([
    { filingId: asha.id, toStatus: 'To Be Assigned', createdAt: new Date(start) },
    { filingId: asha.id, toStatus: 'Interview Pending', createdAt: new Date(start + 2 * DAY) },
    { filingId: asha.id, toStatus: 'Review Pending', createdAt: new Date(start + 6 * DAY) },
    // Ravi: 6 days in To Be Assigned.
    { filingId: ravi.id, toStatus: 'To Be Assigned', createdAt: new Date(start) },
    { filingId: ravi.id, toStatus: 'Docs Upload Pending', createdAt: new Date(start + 6 * DAY) },
  ]);
  // Asha sent a document to review.
  await t.database.db.insert(requestItems).values({
    filingId: asha.id,
    clientId: firm.asha.clientId,
    position: 0,
    type: 'w2',
    title: 'W-2 from Acme',
    status: 'uploaded',
    source: 'staff',
  });
  // Asha's invoices: one sent ($300, $100 paid), one void ($999), one draft ($50); Ravi's paid in INR.
  const sent = await makeInvoice(t.database.db, {
    clientId: firm.asha.clientId,
    taxYear: firm.taxYear,
    totalCents: 30_000,
  });
  await t.database.db
    .update(invoices)
    .set({ status: 'partly_paid', paidCents: 10_000 })
    .where(eq(invoices.id, sent.id));
  await makeInvoice(t.database.db, {
    clientId: firm.asha.clientId,
    taxYear: firm.taxYear,
    totalCents: 99_900,
    status: 'void',
  });
  await makeInvoice(t.database.db, {
    clientId: firm.asha.clientId,
    taxYear: firm.taxYear,
    totalCents: 5_000,
    status: 'draft',
  });
  const inr = await makeInvoice(t.database.db, {
    clientId: firm.ravi.clientId,
    taxYear: firm.taxYear,
    totalCents: 500_000,
    currency: 'INR',
    status: 'paid',
  });
  await t.database.db.update(invoices).set({ paidCents: 500_000 }).where(eq(invoices.id, inr.id));
});

describe('staff/reports/season', () => {
  it('per owner: files in progress, overdue deliverables, documents to review, billed without void or draft, paid, outstanding', async () => {
    // A day after every rule date of the year: both federal returns are overdue.
    const now = new Date(`${firm.taxYear + 1}-11-20T12:00:00Z`);
    const actor = testStaffActor(firm.admin.userId);
    const report = await seasonReport(t.database.db, actor, firm.taxYear, now);
    const analyst = report.by_owner.find((r) => r.owner_id === firm.analyst.userId);
    expect(analyst).toEqual({
      owner_id: firm.analyst.userId,
      owner: 'Ravi Shah',
      files_in_progress: 1,
      overdue_deliverables: 1,
      documents_to_review: 1,
      money: [{ currency: 'USD', billed_cents: 30_000, paid_cents: 10_000, outstanding_cents: 20_000 }],
    });
    expect(report.by_owner.find((r) => r.owner_id === null)).toMatchObject({
      owner: 'Unassigned',
      files_in_progress: 1,
      overdue_deliverables: 1,
      documents_to_review: 0,
      money: [{ currency: 'INR', billed_cents: 500_000, paid_cents: 500_000, outstanding_cents: 0 }],
    });
    expect(report.totals).toEqual({
      files_in_progress: 2,
      overdue_deliverables: 2,
      documents_to_review: 1,
      money: [
        { currency: 'INR', billed_cents: 500_000, paid_cents: 500_000, outstanding_cents: 0 },
        { currency: 'USD', billed_cents: 30_000, paid_cents: 10_000, outstanding_cents: 20_000 },
      ],
    });
    const status = (s: string) => report.by_status.find((r) => r.status === s);
    // To Be Assigned: stays of 2 and 6 days; Interview Pending: 4.
    expect(status('To Be Assigned')).toEqual({ status: 'To Be Assigned', files: 0, median_days: 4 });
    expect(status('Interview Pending')).toEqual({ status: 'Interview Pending', files: 0, median_days: 4 });
    expect(status('Review Pending')?.files).toBe(1);
    expect(status('E-Filing Complete')).toEqual({ status: 'E-Filing Complete', files: 0, median_days: null });
  });

  it('answers admins on screen and as CSV (audited), and nobody else', async () => {
    const res = await t.postAs(firm.admin.sid, '/api/staff/reports/season', { taxy: firm.taxYear });
    expect(res.statusCode).toBe(200);
    expect(res.json().tax_year).toBe(firm.taxYear);
    const csv = await t.getAs(firm.admin.sid, `${SEASON_REPORT_EXPORT_PATH}?taxy=${firm.taxYear}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`season-report-${firm.taxYear}.csv`);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header?.[0]).toBe('Section');
    const total = rows.filter((r) => r[0] === 'total');
    expect(total.map((r) => [r[5], r[6], r[7], r[8]])).toEqual([
      ['INR', '5000.00', '5000.00', '0.00'],
      ['USD', '300.00', '100.00', '200.00'],
    ]);
    expect(rows.filter((r) => r[0] === 'status')).toHaveLength(17);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.reports.season'));
    expect(audits.length).toBeGreaterThanOrEqual(2);

    expect((await t.postAs(firm.analyst.sid, '/api/staff/reports/season', {})).statusCode).toBe(403);
    expect((await t.getAs(firm.analyst.sid, SEASON_REPORT_EXPORT_PATH)).statusCode).toBe(403);
    expect((await t.postAs(firm.asha.sid, '/api/staff/reports/season', {})).statusCode).toBe(403);
  });
});
