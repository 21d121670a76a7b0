/** My work's calls (issue 35): the list, its counts per kind, and snoozing an item. */
import { z } from 'zod';
import { envelope, isoDayField, optionalText, taxYearField } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { WORK_KINDS } from './work.constants.ts';

/**
 * Whose list: `me` (the default), `unassigned` (work nobody owns: new files, files without an analyst), or a
 * staff member's id (admins only).
 */
export const workWhoField = z
  .union([z.literal('me'), z.literal('unassigned'), z.uuid({ error: MESSAGES.WORK_WHO_INVALID })], {
    error: MESSAGES.WORK_WHO_INVALID,
  })
  .default('me');

export const staffWorkCountsBodySchema = z.object({ taxy: taxYearField, who: workWhoField });

export const staffWorkListBodySchema = z.object({
  taxy: taxYearField,
  who: workWhoField,
  kind: z.enum(WORK_KINDS, { error: MESSAGES.WORK_KIND_INVALID }).optional(),
  /** The snoozed items (until their day comes) instead of the live ones. */
  snoozed: z.boolean({ error: MESSAGES.INVALID_REQUEST }).default(false),
});

export const workItemSchema = z.object({
  /** `<kind>:<id of what it is about>`: what a snooze names. */
  key: z.string(),
  kind: z.enum(WORK_KINDS),
  client_id: z.string(),
  name: z.string(),
  file_number: z.string().nullable(),
  tax_year: z.number().int(),
  /** What happened, in a few words ("Uploaded W-2 (Acme)", "Idle 12 days in Review Pending"). */
  summary: z.string(),
  /** When it happened (ISO instant); for a deliverable, null: `due_on` says when. */
  at: z.string().nullable(),
  /** YYYY-MM-DD: a deliverable's due date, an invoice's due date, the day the client promised. */
  due_on: z.string().nullable(),
  /** The id of the checklist item, document or deliverable it is about, for the file's tab to show. */
  target_id: z.string().nullable(),
  owner: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  snoozed: z.object({ until: z.string(), note: z.string().nullable() }).nullable(),
});
export type WorkItem = z.infer<typeof workItemSchema>;

export const staffWorkListResponseSchema = envelope({
  items: z.array(workItemSchema),
  /**
   * How many items match (the list shows the oldest `limit`), counted up to QUEUE_COUNT_LIMIT (ADR 034);
   * `total_more`: more match ("1,000+").
   */
  total: z.number().int(),
  total_more: z.boolean(),
  limit: z.number().int(),
});

/**
 * Each kind counted up to QUEUE_COUNT_LIMIT (`more`: there are more, "1,000+"), as the client queue's tabs are
 * (ADR 034); `total` is their sum (`total_more` when any kind stopped), `snoozed` the snoozed items' count, also
 * bounded (`snoozed_more`).
 */
export const staffWorkCountsResponseSchema = envelope({
  counts: z.array(z.object({ kind: z.enum(WORK_KINDS), count: z.number().int(), more: z.boolean() })),
  total: z.number().int(),
  total_more: z.boolean(),
  snoozed: z.number().int(),
  snoozed_more: z.boolean(),
  /** The firm's day (YYYY-MM-DD): "today" for the list's ages and for a snooze, which must end after it. */
  today: z.string(),
});

/** Snooze an item until a day (it comes back that morning), with a note; `until: null` wakes it now. */
export const staffWorkSnoozeBodySchema = z.object({
  taxy: taxYearField,
  key: z.string({ error: MESSAGES.WORK_ITEM_NOT_FOUND }).max(120, { error: MESSAGES.WORK_ITEM_NOT_FOUND }),
  until: isoDayField(MESSAGES.WORK_SNOOZE_DATE_INVALID).nullable(),
  note: optionalText(200),
});
