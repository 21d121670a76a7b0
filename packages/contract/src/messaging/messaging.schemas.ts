import { z } from 'zod';
import type { FileRule } from '../call.ts';
import { clientIdField, envelope, hasNoNul, requiredText, taxYearField } from '../common.ts';
import { DOCUMENT_CATEGORY_NAMES, HIDDEN_MAX_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  ACTIVITY_KINDS,
  MESSAGE_MAX_BODY,
  MESSAGE_MAX_FILES,
  MESSAGE_MAX_UPLOAD_BYTES,
  MESSAGE_UPLOAD_TYPES,
  STAFF_ALERT_CHOICES,
  THREAD_STATUSES,
} from './messaging.constants.ts';

/** A message's attachments: up to five, each over 1 KB and under 25 MB, checked by content (HEIC converted). */
export const messageFileRule: FileRule = {
  types: MESSAGE_UPLOAD_TYPES,
  extensions: ['.jpg', '.jpeg', '.png', '.heic', '.heif', '.pdf', '.doc', '.docx'],
  maxBytes: MESSAGE_MAX_UPLOAD_BYTES,
  minBytes: HIDDEN_MAX_BYTES,
  maxFiles: MESSAGE_MAX_FILES,
  messages: {
    tooLarge: MESSAGES.MESSAGE_UPLOAD_TOO_LARGE,
    tooSmall: MESSAGES.UPLOAD_TOO_SMALL,
    wrongType: MESSAGES.MESSAGE_UPLOAD_WRONG_TYPE,
  },
};

/** A message's text: plain text (no HTML is ever rendered from it), empty only when files are attached. */
const bodyField = z
  .string()
  .max(MESSAGE_MAX_BODY, { error: MESSAGES.MESSAGE_TOO_LONG })
  .refine(hasNoNul, { error: MESSAGES.TEXT_NUL })
  .optional()
  .transform((v) => (v ?? '').trim());

export const messageAttachmentSchema = z.object({
  attachment_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  /** Signed for the viewer (the client's own, or a staff member's); short-lived. */
  download_url: z.string(),
  /** Staff only: opens in the browser (PDFs and images). */
  preview_url: z.string().nullable().optional(),
  /** Staff only: where a copy was filed ("Documents · W2" or the checklist item's title); null while not. */
  filed_as: z.string().nullable().optional(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  message_id: z.string(),
  from: z.enum(['client', 'staff']),
  /** "You" for the viewer's own side; the staff member's name; the client's name (staff view). */
  author: z.string(),
  /** Staff only: an internal note (a client answer never holds one). */
  internal: z.boolean(),
  /** Plain text. */
  body: z.string(),
  tax_year: z.number().int(),
  created_at: z.string(),
  /** When the other side read it and who ("Seen by Asha"); null while unread or for a note. */
  seen: z.object({ by: z.string(), at: z.string() }).nullable(),
  attachments: z.array(messageAttachmentSchema),
});
export type ThreadMessage = z.infer<typeof messageSchema>;

// ---- client calls ----

/** `taxy` filters the conversation to one tax year's messages; without it every year is shown. */
export const accountMessagesListBodySchema = z.object({ taxy: taxYearField });
export const accountMessagesListResponseSchema = envelope({
  /** Oldest first. */
  messages: z.array(messageSchema),
  /** Messages from the firm the client has not read yet. */
  unread: z.number().int(),
  /** The tax years that have messages (for the filter). */
  tax_years: z.array(z.number().int()),
  /** How long the attachment links stay valid, in seconds. */
  links_ttl_s: z.number().int(),
});
export type AccountMessages = z.infer<typeof accountMessagesListResponseSchema>;

/** The text fields of a message; the attachments come in `files`. */
export const accountMessagesSendFieldsSchema = z.object({ body: bodyField, taxy: taxYearField });
export const messageSentResponseSchema = envelope({ message: z.string(), message_id: z.string() });
export const messagingResponseSchema = envelope({ message: z.string() });

/** Mark every message from the firm read (the client opened the conversation). */
export const accountMessagesReadBodySchema = z.object({});

// ---- staff calls ----

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
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Threads with unread client messages among the ones this staff member may work (the console badge). */
  unread_threads: z.number().int(),
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

/** The staff member's own alert choice: read it (no `alerts`) or change it. */
export const staffMessagesAlertsBodySchema = z.object({ alerts: z.enum(STAFF_ALERT_CHOICES).optional() });
export const staffMessagesAlertsResponseSchema = envelope({
  message: z.string().optional(),
  alerts: z.enum(STAFF_ALERT_CHOICES),
});

/** The console home's feed: what this staff member's clients did, newest first. */
export const staffActivityListBodySchema = z.object({ page: z.number().int().min(1).max(10_000).default(1) });
export const staffActivityListResponseSchema = envelope({
  items: z.array(
    z.object({
      client_id: z.string(),
      name: z.string(),
      file_number: z.string().nullable(),
      tax_year: z.number().int(),
      kind: z.enum(ACTIVITY_KINDS),
      summary: z.string(),
      at: z.string(),
    }),
  ),
  page: z.number().int(),
  page_size: z.number().int(),
  more: z.boolean(),
});
export type StaffActivity = z.infer<typeof staffActivityListResponseSchema>;
