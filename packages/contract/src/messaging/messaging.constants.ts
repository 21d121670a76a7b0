import { REQUEST_UPLOAD_TYPES } from '../requests/requests.constants.ts';

/** Secure messages: at most 5 attachments per message, each strictly under 25 MB, the checklist's types. */
export const MESSAGE_MAX_FILES = 5;
export const MESSAGE_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const MESSAGE_MAX_BODY = 5000;
/** The multipart field of a message's attachments. */
export const MESSAGE_UPLOAD_FIELD = 'files';
export const MESSAGE_UPLOAD_TYPES = REQUEST_UPLOAD_TYPES;

/** Where a conversation stands for the firm. */
export const THREAD_STATUSES = ['open', 'waiting', 'done'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];
export const THREAD_STATUS_LABELS: Record<ThreadStatus, string> = {
  open: 'Open',
  waiting: 'Waiting on client',
  done: 'Done',
};
