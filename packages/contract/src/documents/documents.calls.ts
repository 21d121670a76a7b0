import { defineCall } from '../call.ts';
import {
  deleteUploadDocBodySchema,
  deleteUploadDocResponseSchema,
  getUploadDocsBodySchema,
  getUploadDocsResponseSchema,
  uploadDocsFieldsSchema,
  uploadDocsResponseSchema,
  documentRule,
} from './documents.schemas.ts';
import { UPLOAD_FIELD } from '../constants.ts';

export const documentsCalls = {
  getUploadDocs: defineCall({
    path: 'upload/getuploaddocs',
    body: getUploadDocsBodySchema,
    response: getUploadDocsResponseSchema,
    access: 'client',
    summary: "List the session's documents in one category folder.",
  }),
  uploadDocs: defineCall({
    path: 'upload/uploaddocs',
    body: uploadDocsFieldsSchema,
    response: uploadDocsResponseSchema,
    access: 'client',
    contentType: 'multipart',
    files: { [UPLOAD_FIELD]: documentRule },
    summary: 'Upload up to six files (uploadedImages) into one category folder.',
  }),
  deleteUploadDoc: defineCall({
    path: 'upload/deleteuploaddoc',
    body: deleteUploadDocBodySchema,
    response: deleteUploadDocResponseSchema,
    access: 'client',
    summary: "Delete one of the session's documents.",
  }),
} as const;
