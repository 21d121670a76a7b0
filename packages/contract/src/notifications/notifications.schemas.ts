import { z } from 'zod';
import { envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { STATUS_EMAIL_PLACEHOLDERS, unknownPlaceholders } from './status-emails.ts';

export const NOTIFICATION_KINDS = ['status', 'summary', 'payment', 'message'] as const;

/** The portal's bell: the client's latest notifications and how many are unread. */
export const notificationsResponseSchema = envelope({
  unread: z.number().int(),
  /** Messages from the firm the client has not read yet (the Messages badge in the side menu). */
  messages_unread: z.number().int(),
  notifications: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(NOTIFICATION_KINDS),
      title: z.string(),
      body: z.string(),
      read: z.boolean(),
      created_at: z.string(),
    }),
  ),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** Mark one notification read, or all of them without an id. */
export const notificationsReadBodySchema = z.object({
  id: z.uuid({ error: MESSAGES.NOTIFICATION_NOT_FOUND }).optional(),
});

const placeholdersKnown = (text: string) => unknownPlaceholders(text).length === 0;
const placeholderMessage = `Use only the placeholders ${STATUS_EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;

/** Admins: the e-mail each status sends. */
export const statusTemplatesResponseSchema = envelope({
  placeholders: z.array(z.string()),
  templates: z.array(
    z.object({
      status: z.enum(FILE_STATUSES),
      subject: z.string(),
      body: z.string(),
      /** False while the built-in wording is used. */
      customised: z.boolean(),
    }),
  ),
});
export const statusTemplateSaveBodySchema = z.object({
  status: z.enum(FILE_STATUSES, { error: MESSAGES.STATUS_INVALID }),
  subject: requiredText(MESSAGES.TEMPLATE_SUBJECT_REQUIRED, 150).refine(placeholdersKnown, {
    error: placeholderMessage,
  }),
  body: requiredText(MESSAGES.TEMPLATE_BODY_REQUIRED, 2000).refine(placeholdersKnown, {
    error: placeholderMessage,
  }),
});
export type StatusTemplateSaveBody = z.input<typeof statusTemplateSaveBodySchema>;
export const statusTemplateResetBodySchema = z.object({
  status: z.enum(FILE_STATUSES, { error: MESSAGES.STATUS_INVALID }),
});
