import { ORGANIZER_STATES } from '../organizer/organizer.schemas.ts';
import { z } from 'zod';
import { dataTablesParametersSchema, envelope, taxYearField } from '../common.ts';
import { DELIVERABLE_KINDS } from '../deliverables/deliverables.constants.ts';
import { MESSAGES } from '../messages.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { OFFSHORE_CONSENT_STATES } from '../consents/consents.schemas.ts';

export const STAFF_CLIENT_SORTS = [
  'file_number',
  'name',
  'email',
  'status',
  'updated',
  'status_since',
  'next_due',
  'last_client_activity',
] as const;

/** The queue's columns, in their order (a saved view keeps which are shown; the name always is). */
export const QUEUE_COLUMNS = [
  'file_number',
  'name',
  'email',
  'phone',
  'status',
  'documents',
  'organizer',
  'analyst',
  'days_in_status',
  'next_due',
  'last_client_activity',
  'referred_by',
] as const;
export type QueueColumn = (typeof QUEUE_COLUMNS)[number];

/** The queues' due window (issue 35): a deliverable still to file is overdue, or due within 7 or 30 days. */
export const QUEUE_DUE_WINDOWS = ['overdue', 'week', 'month'] as const;
export type QueueDueWindow = (typeof QUEUE_DUE_WINDOWS)[number];
export const QUEUE_DUE_WINDOW_LABELS: Record<QueueDueWindow, string> = {
  overdue: 'Overdue',
  week: 'Due within 7 days',
  month: 'Due within 30 days',
};

/** Whom a file waits on: the client (`CLIENT_WAITING_STATUSES`) or the firm (any other open status). */
export const QUEUE_WAITING = ['client', 'us'] as const;
export type QueueWaiting = (typeof QUEUE_WAITING)[number];

/**
 * The queues' filters beside the status (issue 35), the same for the list and its counts by status: whose files
 * (admins), a deliverable kind, a due window, whom the file waits on, unattended days.
 */
export const queueNarrowingFields = {
  /** Whose files (admins): a staff member's id, or 'unassigned'. */
  owner: z
    .union([z.literal('unassigned'), z.uuid({ error: MESSAGES.ANALYST_INVALID })], {
      error: MESSAGES.ANALYST_INVALID,
    })
    .optional(),
  /** Files with a deliverable of this kind still to file (every open file has the federal one). */
  deliverable_kind: z.enum(DELIVERABLE_KINDS, { error: MESSAGES.DELIVERABLE_KIND_INVALID }).optional(),
  due: z.enum(QUEUE_DUE_WINDOWS, { error: MESSAGES.QUEUE_DUE_INVALID }).optional(),
  waiting: z.enum(QUEUE_WAITING, { error: MESSAGES.QUEUE_WAITING_INVALID }).optional(),
  /** Files whose organizer is in this state (issue 37): not started, in progress or sent. */
  organizer: z.enum(ORGANIZER_STATES, { error: MESSAGES.QUEUE_ORGANIZER_INVALID }).optional(),
  /** Unattended: open files with no status change, message to the client or checklist work for this many days. */
  unattended_days: z.coerce
    .number({ error: MESSAGES.QUEUE_UNATTENDED_INVALID })
    .int({ error: MESSAGES.QUEUE_UNATTENDED_INVALID })
    .min(1, { error: MESSAGES.QUEUE_UNATTENDED_INVALID })
    .max(365, { error: MESSAGES.QUEUE_UNATTENDED_INVALID })
    .optional(),
};
export type QueueNarrowingBody = z.infer<z.ZodObject<typeof queueNarrowingFields>>;
/**
 * A queue's filters as a whole, as its list takes them without the page and the order: a bulk action's "every
 * file matching" and a saved view (issue 36).
 */
export const queueFilterSchema = z.object({
  status: z.enum(FILE_STATUSES, { error: MESSAGES.STATUS_INVALID }).optional(),
  ...queueNarrowingFields,
  search: z.string().trim().max(100).optional(),
});
export type QueueQueryBody = z.infer<typeof queueFilterSchema>;

/**
 * The console counts a queue's files exactly up to this many, and above it says "1,000+" (`more`): an exact
 * count reads every match, so it grows with the firm, while a count that stops here costs the same at 10,000
 * clients as at 100,000 (docs/benchmarks.md). A list's count stops at the first thousand past its page, so that
 * the pages can always go on. What a bulk action confirms is counted exactly (`staff/clients/count`).
 */
export const QUEUE_COUNT_LIMIT = 1000;

/**
 * The work queues: how many filings of a tax year are in each status (an analyst's own and unassigned), among
 * those the queue's filters keep.
 */
export const staffQueueBodySchema = z.object({ taxy: taxYearField, ...queueNarrowingFields });
export const staffQueueResponseSchema = envelope({
  tax_year: z.number().int(),
  /** `more`: there are more than `count` (which is QUEUE_COUNT_LIMIT). */
  counts: z.array(z.object({ status: z.enum(FILE_STATUSES), count: z.number().int(), more: z.boolean() })),
  total: z.number().int(),
  total_more: z.boolean(),
});

/** How many files a queue's filters select, counted exactly (what a bulk action on all of them confirms). */
export const staffClientCountBodySchema = queueFilterSchema.extend({ taxy: taxYearField });
export const staffClientCountResponseSchema = envelope({ count: z.number().int() });

/** One queue's clients, paged, searched and sorted on the server (the DataTables shape). */
export const staffClientListBodySchema = z.object({
  taxy: taxYearField,
  /** One status; none lists every status (the All queue). */
  status: z.enum(FILE_STATUSES).optional(),
  ...queueNarrowingFields,
  dataTablesParameters: dataTablesParametersSchema.default({ draw: 1, start: 0, length: 25 }),
  sort: z
    .object({ column: z.enum(STAFF_CLIENT_SORTS), dir: z.enum(['asc', 'desc']).default('asc') })
    .default({ column: 'updated', dir: 'desc' }),
});
export type StaffClientListBody = z.input<typeof staffClientListBodySchema>;

export const staffClientRowSchema = z.object({
  client_id: z.string(),
  file_number: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  /** In its extension's format, with the country code. */
  phone: z.string(),
  status: z.enum(FILE_STATUSES),
  assigned_to: z.string().nullable(),
  referred_by: z.string().nullable(),
  /** The checklist's "documents complete" column: required items accepted of those that count. */
  documents: z.object({ accepted: z.number().int(), required: z.number().int(), complete: z.boolean() }),
  /** The year's organizer: not started, in progress or sent (issue 37). */
  organizer: z.enum(ORGANIZER_STATES),
  /** The client's §7216 answer in force: anything but 'yes' makes the file US-only (the console's badge). */
  offshore_state: z.enum(OFFSHORE_CONSENT_STATES),
  /** When the file entered its status (ISO instant): the "days in status" column. */
  status_since: z.string(),
  /** YYYY-MM-DD: the earliest due date of what is still to file (the federal return included); null if none. */
  next_due: z.string().nullable(),
  /** When the client last did something the firm hears about (ISO instant); null if never. */
  last_client_activity: z.string().nullable(),
});
export type StaffClientRow = z.infer<typeof staffClientRowSchema>;

export const staffClientListResponseSchema = envelope({
  draw: z.number().int(),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  /**
   * recordsFiltered stopped at its bound (QUEUE_COUNT_LIMIT, or the first thousand past the page): more match
   * than it says. recordsTotal stops at the same bound.
   */
  more: z.boolean(),
  data: z.array(staffClientRowSchema),
});
