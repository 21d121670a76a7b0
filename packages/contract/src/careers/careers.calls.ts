import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import { careersBodySchema } from './careers.schemas.ts';

export const careersCalls = {
  careersSubmit: defineCall({
    path: 'settings/careerssubmit',
    body: careersBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: 'Store a job application.',
  }),
} as const;
