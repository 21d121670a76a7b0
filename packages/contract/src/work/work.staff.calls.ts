import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import {
  staffWorkCountsBodySchema,
  staffWorkCountsResponseSchema,
  staffWorkListBodySchema,
  staffWorkListResponseSchema,
  staffWorkSnoozeBodySchema,
} from './work.staff.schemas.ts';

/** My work: the console's home, what needs a staff member now (issue 35). */
export const workStaffCalls = {
  staffWorkList: defineCall({
    path: 'staff/work/list',
    body: staffWorkListBodySchema,
    response: staffWorkListResponseSchema,
    access: 'staff',
    summary:
      "What needs a person, oldest first: one's own, or (admins) anyone's or nobody's; one kind, or snoozed items.",
  }),
  staffWorkCounts: defineCall({
    path: 'staff/work/counts',
    body: staffWorkCountsBodySchema,
    response: staffWorkCountsResponseSchema,
    access: 'staff',
    summary: 'How many items of each kind the list holds (snoozed ones counted apart).',
  }),
  staffWorkSnooze: defineCall({
    path: 'staff/work/snooze',
    body: staffWorkSnoozeBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'Snooze an item of the list until a day, with a note, or wake it.',
  }),
} as const;
