import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import { careersBodySchema, RESUME_FIELD, resumeRule } from './careers.schemas.ts';

export const careersCalls = {
  careersSubmit: defineCall({
    path: 'settings/careerssubmit',
    body: careersBodySchema,
    response: envelopeSchema,
    access: 'public',
    // The spec's JSON payload is accepted too; multipart adds the optional résumé.
    contentType: 'multipart',
    files: { [RESUME_FIELD]: resumeRule },
    summary: 'Store a job application, with an optional résumé (PDF or Word under 6 MB).',
  }),
} as const;
