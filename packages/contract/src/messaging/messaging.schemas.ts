import { z } from 'zod';
import type { FileRule } from '../call.ts';
import { envelope, fileFields, hasNoNul, taxYearField } from '../common.ts';
import { HIDDEN_MAX_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  MESSAGE_MAX_BODY,
  MESSAGE_MAX_FILES,
  MESSAGE_MAX_UPLOAD_BYTES,
  MESSAGE_UPLOAD_TYPES,
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
export const bodyField = z
  .string()
  .max(MESSAGE_MAX_BODY, { error: MESSAGES.MESSAGE_TOO_LONG })
  .refine(hasNoNul, { error: MESSAGES.TEXT_NUL })
  .optional()
  .transform((v) => (v ?? '').trim());

export const messageAttachmentSchema = z.object({
  attachment_id: z.string(),
  ...fileFields,
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
