import { defineCall } from '../call.ts';
import { messageResponseSchema } from './requests.schemas.ts';
import {
  staffRequestsListBodySchema,
  staffRequestsListResponseSchema,
  staffRequestsRemindBodySchema,
  staffRequestsReviewBodySchema,
  staffRequestsSaveBodySchema,
  staffRequestsTemplatesBodySchema,
  staffRequestsTemplatesResponseSchema,
} from './requests.staff.schemas.ts';

/** The checklist in the staff console (file-assignment rules apply). */
export const requestsStaffCalls = {
  staffRequestsList: defineCall({
    path: 'staff/requests/list',
    body: staffRequestsListBodySchema,
    response: staffRequestsListResponseSchema,
    access: 'staff',
    summary:
      "A client's checklist for a tax year with files (signed links), history, progress and reminders.",
  }),
  staffRequestsSave: defineCall({
    path: 'staff/requests/save',
    body: staffRequestsSaveBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary:
      'Add, edit, remove, reorder or reopen checklist items, mark one not applicable, or apply a template.',
  }),
  staffRequestsReview: defineCall({
    path: 'staff/requests/review',
    body: staffRequestsReviewBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: 'Accept a received item, or reject it with a reason the client sees.',
  }),
  staffRequestsRemind: defineCall({
    path: 'staff/requests/remind',
    body: staffRequestsRemindBodySchema,
    response: messageResponseSchema,
    access: 'staff',
    summary: 'Send the client a reminder of the open items now (logged like the scheduled ones).',
  }),
  staffRequestsTemplates: defineCall({
    path: 'staff/requests/templates',
    body: staffRequestsTemplatesBodySchema,
    response: staffRequestsTemplatesResponseSchema,
    access: 'staff',
    summary: 'List, save (or save from a file) and delete named checklist templates.',
  }),
} as const;
