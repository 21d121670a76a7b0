import { defineCall } from '../call.ts';
import { MESSAGE_UPLOAD_FIELD } from './messaging.constants.ts';
import {
  accountMessagesListBodySchema,
  accountMessagesListResponseSchema,
  accountMessagesReadBodySchema,
  accountMessagesSendFieldsSchema,
  messageFileRule,
  messageSentResponseSchema,
  messagingResponseSchema,
} from './messaging.schemas.ts';

/** Secure messages: the client's side (identity from the session only; internal notes never appear). */
export const messagingCalls = {
  accountMessagesList: defineCall({
    path: 'account/messages/list',
    body: accountMessagesListBodySchema,
    response: accountMessagesListResponseSchema,
    access: 'client',
    summary: "The session client's conversation with the firm (optionally one tax year), with read receipts.",
  }),
  accountMessagesSend: defineCall({
    path: 'account/messages/send',
    body: accountMessagesSendFieldsSchema,
    response: messageSentResponseSchema,
    access: 'client',
    contentType: 'multipart',
    files: { [MESSAGE_UPLOAD_FIELD]: messageFileRule },
    summary: 'Write to the firm: plain text and up to five attachments (25 MB each; HEIC converted).',
  }),
  accountMessagesRead: defineCall({
    path: 'account/messages/read',
    body: accountMessagesReadBodySchema,
    response: messagingResponseSchema,
    access: 'client',
    summary: 'Mark the firm\'s messages read (the staff member sees "Seen").',
  }),
} as const;
