import { defineCall } from '../call.ts';
import { staffSeasonReportBodySchema, staffSeasonReportResponseSchema } from './reports.staff.schemas.ts';

/** Reports for admins (issue 36). */
export const reportsStaffCalls = {
  staffSeasonReport: defineCall({
    path: 'staff/reports/season',
    body: staffSeasonReportBodySchema,
    response: staffSeasonReportResponseSchema,
    access: 'admin',
    summary:
      'A tax year per owner and per status: files in progress, median days in each status, overdue deliverables, documents to review, billed, paid and outstanding.',
  }),
} as const;
