import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  staffSummariesBodySchema,
  staffSummariesResponseSchema,
  staffSummaryBodySchema,
  staffSummaryUploadFieldsSchema,
  SUMMARY_FIELD,
  summaryRule,
  userSynopsysResponseSchema,
} from './tax-summaries.schemas.ts';

export const taxSummariesCalls = {
  userSynopsys: defineCall({
    path: 'user/usersynopsys',
    body: emptyBodySchema,
    response: userSynopsysResponseSchema,
    access: 'client',
    summary: "Tax summaries published for the session's current filing.",
  }),
  staffSummaries: defineCall({
    path: 'staff/summaries/list',
    body: staffSummariesBodySchema,
    response: staffSummariesResponseSchema,
    access: 'staff',
    summary: "A client's tax summaries for the current filing, drafts included.",
  }),
  staffSummaryUpload: defineCall({
    path: 'staff/summaries/upload',
    body: staffSummaryUploadFieldsSchema,
    response: envelopeSchema,
    access: 'staff',
    contentType: 'multipart',
    files: { [SUMMARY_FIELD]: summaryRule },
    summary: 'Upload a tax summary (a PDF with a title) as a draft for a client.',
  }),
  staffSummaryPublish: defineCall({
    path: 'staff/summaries/publish',
    body: staffSummaryBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary:
      'Publish a draft summary to the client, who is e-mailed; a published one of the same title becomes superseded.',
  }),
  staffSummaryDelete: defineCall({
    path: 'staff/summaries/delete',
    body: staffSummaryBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary:
      'Delete a draft tax summary and its file (a published one is kept: publish a newer version of the same title).',
  }),
} as const;
