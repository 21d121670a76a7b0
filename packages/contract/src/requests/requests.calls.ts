import { defineCall } from '../call.ts';
import { REQUEST_UPLOAD_FIELD } from './requests.constants.ts';
import {
  accountRequestsLaterBodySchema,
  accountRequestsListBodySchema,
  accountRequestsListResponseSchema,
  accountRequestsNotApplicableBodySchema,
  accountRequestsUnlockBodySchema,
  accountRequestsUploadFieldsSchema,
  accountRequestsUploadResponseSchema,
  messageResponseSchema,
  requestFileRule,
} from './requests.schemas.ts';

/** The document-request checklist: the client's side (identity from the session only). */
export const requestsCalls = {
  accountRequestsList: defineCall({
    path: 'account/requests/list',
    body: accountRequestsListBodySchema,
    response: accountRequestsListResponseSchema,
    access: 'client',
    summary: "The session's checklist for a tax year: items, their files, progress and the reminders sent.",
  }),
  accountRequestsUpload: defineCall({
    path: 'account/requests/upload',
    body: accountRequestsUploadFieldsSchema,
    response: accountRequestsUploadResponseSchema,
    access: 'client',
    contentType: 'multipart',
    files: { [REQUEST_UPLOAD_FIELD]: requestFileRule },
    summary: 'Upload up to ten files (25 MB each; HEIC converted) for one checklist item.',
  }),
  accountRequestsUnlock: defineCall({
    path: 'account/requests/unlock',
    body: accountRequestsUnlockBodySchema,
    response: messageResponseSchema,
    access: 'client',
    summary:
      'The password of an uploaded password-protected PDF: sealed, used only to keep an unlocked copy.',
  }),
  accountRequestsNotApplicable: defineCall({
    path: 'account/requests/notapplicable',
    body: accountRequestsNotApplicableBodySchema,
    response: messageResponseSchema,
    access: 'client',
    summary: "Mark one of the session's checklist items as not applying, with an optional reason.",
  }),
  accountRequestsLater: defineCall({
    path: 'account/requests/later',
    body: accountRequestsLaterBodySchema,
    response: messageResponseSchema,
    access: 'client',
    summary: "Say one of the session's checklist items will be sent by a date (no reminders before it).",
  }),
} as const;
