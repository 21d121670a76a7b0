import { defineCall } from '../call.ts';
import { MESSAGE_UPLOAD_FIELD } from './messaging.constants.ts';
import { messageFileRule, messageSentResponseSchema, messagingResponseSchema } from './messaging.schemas.ts';
import {
  staffMessagesCannedBodySchema,
  staffMessagesCannedResponseSchema,
  staffMessagesFileBodySchema,
  staffMessagesInboxBodySchema,
  staffMessagesInboxResponseSchema,
  staffMessagesSendFieldsSchema,
  staffMessagesStatusBodySchema,
  staffMessagesThreadBodySchema,
  staffMessagesThreadResponseSchema,
} from './messaging.staff.schemas.ts';

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
} as const;
