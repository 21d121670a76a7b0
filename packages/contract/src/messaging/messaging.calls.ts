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
  staffActivityListBodySchema,
  staffActivityListResponseSchema,
  staffMessagesAlertsBodySchema,
  staffMessagesAlertsResponseSchema,
  staffMessagesCannedBodySchema,
  staffMessagesCannedResponseSchema,
  staffMessagesFileBodySchema,
  staffMessagesInboxBodySchema,
  staffMessagesInboxResponseSchema,
  staffMessagesSendFieldsSchema,
  staffMessagesStatusBodySchema,
  staffMessagesThreadBodySchema,
  staffMessagesThreadResponseSchema,
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

/** Secure messages in the staff console (file-assignment rules apply). */
export const messagingStaffCalls = {
  staffMessagesInbox: defineCall({
    path: 'staff/messages/inbox',
    body: staffMessagesInboxBodySchema,
    response: staffMessagesInboxResponseSchema,
    access: 'staff',
    summary: 'Conversations this staff member may work: unread first; by analyst, status and search.',
  }),
  staffMessagesThread: defineCall({
    path: 'staff/messages/thread',
    body: staffMessagesThreadBodySchema,
    response: staffMessagesThreadResponseSchema,
    access: 'staff',
    summary: "A client's conversation with internal notes; reading it marks the client's messages seen.",
  }),
  staffMessagesSend: defineCall({
    path: 'staff/messages/send',
    body: staffMessagesSendFieldsSchema,
    response: messageSentResponseSchema,
    access: 'staff',
    contentType: 'multipart',
    files: { [MESSAGE_UPLOAD_FIELD]: messageFileRule },
    summary:
      'Reply to a client (they get a content-free e-mail), or add an internal note (`internal: true`).',
  }),
  staffMessagesStatus: defineCall({
    path: 'staff/messages/status',
    body: staffMessagesStatusBodySchema,
    response: messagingResponseSchema,
    access: 'staff',
    summary: 'Set a conversation open, waiting on the client, or done.',
  }),
  staffMessagesFile: defineCall({
    path: 'staff/messages/file',
    body: staffMessagesFileBodySchema,
    response: messagingResponseSchema,
    access: 'staff',
    summary: "File a copy of an attachment into the client's documents or a checklist item.",
  }),
  staffMessagesCanned: defineCall({
    path: 'staff/messages/canned',
    body: staffMessagesCannedBodySchema,
    response: staffMessagesCannedResponseSchema,
    access: 'staff',
    summary: 'List canned replies; admins save and delete them.',
  }),
  staffMessagesAlerts: defineCall({
    path: 'staff/messages/alerts',
    body: staffMessagesAlertsBodySchema,
    response: staffMessagesAlertsResponseSchema,
    access: 'staff',
    summary: "Read or change one's own alerts: an e-mail per client message, or a daily digest.",
  }),
  staffActivityList: defineCall({
    path: 'staff/activity/list',
    body: staffActivityListBodySchema,
    response: staffActivityListResponseSchema,
    access: 'staff',
    summary: "The console home's feed: what this staff member's clients did, newest first.",
  }),
} as const;
