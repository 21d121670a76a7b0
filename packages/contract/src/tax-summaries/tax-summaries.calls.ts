import { defineCall } from '../call.ts';
import { emptyBodySchema } from '../common.ts';
import { userSynopsysResponseSchema } from './tax-summaries.schemas.ts';

export const taxSummariesCalls = {
  userSynopsys: defineCall({
    path: 'user/usersynopsys',
    body: emptyBodySchema,
    response: userSynopsysResponseSchema,
    access: 'client',
    summary: "Tax summaries published for the session's current filing.",
  }),
} as const;
