/**
 * The season report (issue 36, admins): a tax year per owner and per status, on screen and as CSV.
 */
import { z } from 'zod';
import { envelope, taxYearField } from '../common.ts';
import { FILE_STATUSES } from '../statuses.ts';

export const staffSeasonReportBodySchema = z.object({ taxy: taxYearField });

/** Money of one currency: billed (sent invoices, never void ones), paid (less refunds), still owed. */
export const reportMoneySchema = z.object({
  currency: z.string(),
  billed_cents: z.number().int(),
  paid_cents: z.number().int(),
  outstanding_cents: z.number().int(),
});
export type ReportMoney = z.infer<typeof reportMoneySchema>;

export const reportOwnerRowSchema = z.object({
  /** Null: the files nobody is assigned. */
  owner_id: z.string().nullable(),
  owner: z.string(),
  /** Files not yet filed or cancelled. */
  files_in_progress: z.number().int(),
  /** Deliverables still to file past their date in force (the federal return included), by their owner. */
  overdue_deliverables: z.number().int(),
  /** Checklist items a client sent that wait for staff to accept or reject. */
  documents_to_review: z.number().int(),
  money: z.array(reportMoneySchema),
});
export type ReportOwnerRow = z.infer<typeof reportOwnerRowSchema>;

export const reportStatusRowSchema = z.object({
  status: z.enum(FILE_STATUSES),
  /** Files in this status now. */
  files: z.number().int(),
  /** Of every stay in this status this year (ended, or still under way today), the median length in days. */
  median_days: z.number().nullable(),
});
export type ReportStatusRow = z.infer<typeof reportStatusRowSchema>;

export const staffSeasonReportResponseSchema = envelope({
  tax_year: z.number().int(),
  by_owner: z.array(reportOwnerRowSchema),
  by_status: z.array(reportStatusRowSchema),
  totals: reportOwnerRowSchema.omit({ owner_id: true, owner: true }),
});
export type StaffSeasonReport = z.infer<typeof staffSeasonReportResponseSchema>;

/** The same report as CSV (admins): `?taxy=`. */
export const SEASON_REPORT_EXPORT_PATH = '/api/staff/reports/season/export';
