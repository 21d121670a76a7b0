/** Secure messages in the staff console: the calls' bodies and answers. */
import { z } from 'zod';
import { clientIdField, envelope, hasNoNul, requiredText, taxYearField } from '../common.ts';
import { DOCUMENT_CATEGORY_NAMES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { MESSAGE_MAX_BODY, THREAD_STATUSES } from './messaging.constants.ts';
import { bodyField, messageSchema } from './messaging.schemas.ts';

const threadStatusField = z.enum(THREAD_STATUSES, { error: MESSAGES.MESSAGE_STATUS_INVALID });

export const staffMessagesInboxBodySchema = z.object({
  /** An analyst's user id, or 'unassigned'; omitted: everyone's (an analyst sees only their files anyway). */
  analyst: z.union([z.uuid(), z.literal('unassigned')]).optional(),
  status: threadStatusField.optional(),
  unread_only: z.boolean().optional(),
  /** Name, e-mail, phone or file number. */
  q: z.string().trim().max(100).refine(hasNoNul, { error: MESSAGES.TEXT_NUL }).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export const inboxThreadSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  file_number: z.string().nullable(),
  status: z.enum(THREAD_STATUSES),
  analyst: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  /** Client messages no staff member has read yet. */
  unread: z.number().int(),
  last_message_at: z.string(),
  last_from: z.enum(['client', 'staff']),
});
export type InboxThread = z.infer<typeof inboxThreadSchema>;
export const staffMessagesInboxResponseSchema = envelope({
  /** Unread first, then the newest. */
  threads: z.array(inboxThreadSchema),
  /** The matching threads, counted to the first thousand past the page (as the client queue's, ADR 034). */
  total: z.number().int(),
  /** `total` stopped at its bound: more match ("1,000+"). */
  total_more: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  /**
   * Threads with unread client messages among the ones this staff member may work (the console badge), counted
   * up to QUEUE_COUNT_LIMIT.
   */
  unread_threads: z.number().int(),
  /** `unread_threads` stopped at its bound: "1,000+". */
  unread_more: z.boolean(),
  analysts: z.array(z.object({ user_id: z.string(), name: z.string() })),
});
export type StaffInbox = z.infer<typeof staffMessagesInboxResponseSchema>;

export const staffMessagesThreadBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });
export const staffMessagesThreadResponseSchema = envelope({
  client: z.object({ client_id: z.string(), name: z.string(), file_number: z.string().nullable() }),
  status: z.enum(THREAD_STATUSES),
  analyst: z.object({ user_id: z.string(), name: z.string() }).nullable(),
  /** Oldest first, internal notes included. */
  messages: z.array(messageSchema),
  tax_years: z.array(z.number().int()),
  canned: z.array(z.object({ reply_id: z.string(), title: z.string(), body: z.string() })),
  /** The current year's checklist items an attachment can be filed into. */
  items: z.array(z.object({ item_id: z.string(), title: z.string() })),
  links_ttl_s: z.number().int(),
});
export type StaffThread = z.infer<typeof staffMessagesThreadResponseSchema>;

/** The text fields of a staff message or internal note (multipart: `internal` is "true" for a note). */
export const staffMessagesSendFieldsSchema = z.object({
  client_id: clientIdField,
  body: bodyField,
  internal: z.union([z.boolean(), z.stringbool()]).default(false),
  taxy: taxYearField,
});

export const staffMessagesStatusBodySchema = z.object({
  client_id: clientIdField,
  status: threadStatusField,
});

/** File a copy of an attachment into the client's documents (by category) or a checklist item. */
export const staffMessagesFileBodySchema = z.discriminatedUnion('target', [
  z.object({
    target: z.literal('documents'),
    attachment_id: z.uuid({ error: MESSAGES.MESSAGE_ATTACHMENT_NOT_FOUND }),
    category: z.enum(DOCUMENT_CATEGORY_NAMES),
  }),
  z.object({
    target: z.literal('item'),
    attachment_id: z.uuid({ error: MESSAGES.MESSAGE_ATTACHMENT_NOT_FOUND }),
    item_id: z.uuid({ error: MESSAGES.REQUEST_ITEM_NOT_FOUND }),
  }),
]);

/** Canned replies: every staff member lists them; admins save and delete. */
export const staffMessagesCannedBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({
    action: z.literal('save'),
    reply_id: z.uuid().optional(),
    title: requiredText(MESSAGES.MESSAGE_CANNED_TITLE_REQUIRED, 80),
    body: requiredText(MESSAGES.MESSAGE_CANNED_BODY_REQUIRED, MESSAGE_MAX_BODY),
  }),
  z.object({ action: z.literal('delete'), reply_id: z.uuid({ error: MESSAGES.MESSAGE_CANNED_NOT_FOUND }) }),
]);
export const staffMessagesCannedResponseSchema = envelope({
  message: z.string().optional(),
  replies: z.array(z.object({ reply_id: z.string(), title: z.string(), body: z.string() })),
});
