/**
 * Saved views (issue 36): a queue's filters, sort and columns saved under a name, private to their author or shared with
 * the firm by an admin; the console's menu lists each with how many files it holds now.
 */
import { z } from 'zod';
import { envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { QUEUE_COLUMNS, STAFF_CLIENT_SORTS, queueFilterSchema } from '../staff/work-queues.schemas.ts';

/** How many views one person may keep (their own and the shared ones are listed together). */
export const SAVED_VIEWS_MAX = 30;

/** What a view holds: the queue's filters (as its list call takes them), its order and the columns shown. */
export const savedViewQuerySchema = queueFilterSchema.extend({
  sort: z.object({ column: z.enum(STAFF_CLIENT_SORTS), dir: z.enum(['asc', 'desc']) }).optional(),
  /** The columns shown, in the queue's order; none: all of them. */
  columns: z
    .array(z.enum(QUEUE_COLUMNS, { error: MESSAGES.VIEW_COLUMNS_INVALID }), {
      error: MESSAGES.VIEW_COLUMNS_INVALID,
    })
    .min(1, { error: MESSAGES.VIEW_COLUMNS_INVALID })
    .max(QUEUE_COLUMNS.length, { error: MESSAGES.VIEW_COLUMNS_INVALID })
    .optional(),
});
export type SavedViewQuery = z.infer<typeof savedViewQuerySchema>;

export const savedViewSchema = z.object({
  view_id: z.string(),
  name: z.string(),
  /** Shared with the firm (made by an admin); else the author's own. */
  shared: z.boolean(),
  /** The signed-in person may change or remove it (their own; shared ones: admins). */
  editable: z.boolean(),
  query: savedViewQuerySchema,
  /**
   * How many files of the current tax year it holds for the signed-in person now, counted up to
   * QUEUE_COUNT_LIMIT (ADR 034); `more`: it holds more ("1,000+").
   */
  count: z.number().int(),
  more: z.boolean(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const staffViewsListResponseSchema = envelope({ views: z.array(savedViewSchema) });

export const staffViewSaveBodySchema = z.object({
  /** A view to change; none saves a new one. */
  view_id: z.uuid({ error: MESSAGES.VIEW_NOT_FOUND }).optional(),
  name: requiredText(MESSAGES.VIEW_NAME_REQUIRED, 60),
  shared: z.boolean().default(false),
  query: savedViewQuerySchema,
});
export type StaffViewSaveBody = z.input<typeof staffViewSaveBodySchema>;
export const staffViewSaveResponseSchema = envelope({ view_id: z.string() });

export const staffViewRemoveBodySchema = z.object({ view_id: z.uuid({ error: MESSAGES.VIEW_NOT_FOUND }) });
