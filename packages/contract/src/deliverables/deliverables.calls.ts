import { defineCall } from '../call.ts';
import { accountDeliverablesBodySchema, accountDeliverablesResponseSchema } from './deliverables.schemas.ts';

/** The client's side of deliverables: identity from the session only. */
export const deliverablesCalls = {
  accountDeliverables: defineCall({
    path: 'account/deliverables',
    body: accountDeliverablesBodySchema,
    response: accountDeliverablesResponseSchema,
    access: 'client',
    summary:
      "The session client's deadlines this tax year: what the firm files, each due date, and which wait on the client.",
  }),
} as const;
