import { defineCall } from '../call.ts';
import {
  staffBulkStartBodySchema,
  staffBulkStartResponseSchema,
  staffBulkStatusBodySchema,
  staffBulkStatusResponseSchema,
} from './bulk.staff.schemas.ts';

/** Bulk actions over a queue's selection (issue 36). */
export const bulkStaffCalls = {
  staffBulkStart: defineCall({
    path: 'staff/bulk/start',
    body: staffBulkStartBodySchema,
    response: staffBulkStartResponseSchema,
    access: 'staff',
    summary:
      'Start a bulk action over chosen files or every file a queue filter matches: a background job, each file under the single-file rules.',
  }),
  staffBulkStatus: defineCall({
    path: 'staff/bulk/status',
    body: staffBulkStatusBodySchema,
    response: staffBulkStatusResponseSchema,
    access: 'staff',
    summary:
      "A bulk job's progress and outcome (done, skipped and failed files with reasons), or one's latest jobs.",
  }),
} as const;
