import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import {
  staffDeliverablesListBodySchema,
  staffDeliverablesListResponseSchema,
  staffDeliverablesRemoveBodySchema,
  staffDeliverablesSaveBodySchema,
  staffDeliverablesSaveResponseSchema,
} from './deliverables.staff.schemas.ts';

/** What the firm files for a client's tax year: each deliverable with its owner, status and due date. */
export const deliverablesStaffCalls = {
  staffDeliverablesList: defineCall({
    path: 'staff/deliverables/list',
    body: staffDeliverablesListBodySchema,
    response: staffDeliverablesListResponseSchema,
    access: 'staff',
    summary:
      "A file's deliverables (the federal return first, then by due date), and the kinds its profile suggests.",
  }),
  staffDeliverablesSave: defineCall({
    path: 'staff/deliverables/save',
    body: staffDeliverablesSaveBodySchema,
    response: staffDeliverablesSaveResponseSchema,
    access: 'staff',
    summary:
      'Add a deliverable to a file, or change its owner, status, extension or due date (a date off the rule needs a reason).',
  }),
  staffDeliverablesRemove: defineCall({
    path: 'staff/deliverables/remove',
    body: staffDeliverablesRemoveBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'Remove a deliverable from a file (never the federal return, which is the file itself).',
  }),
} as const;
