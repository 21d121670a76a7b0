import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  staffViewRemoveBodySchema,
  staffViewSaveBodySchema,
  staffViewSaveResponseSchema,
  staffViewsListResponseSchema,
} from './views.staff.schemas.ts';

/** Saved views of the work queues (issue 36). */
export const viewsStaffCalls = {
  staffViewsList: defineCall({
    path: 'staff/views/list',
    body: emptyBodySchema,
    response: staffViewsListResponseSchema,
    access: 'staff',
    summary: "One's saved views and the firm's shared ones, each with how many files it holds now.",
  }),
  staffViewsSave: defineCall({
    path: 'staff/views/save',
    body: staffViewSaveBodySchema,
    response: staffViewSaveResponseSchema,
    access: 'staff',
    summary:
      'Save a view of the queue (new, or a change to one of yours); only admins share one with the firm.',
  }),
  staffViewsRemove: defineCall({
    path: 'staff/views/remove',
    body: staffViewRemoveBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'Remove a saved view (yours; a shared one: admins).',
  }),
} as const;
