import { z } from 'zod';
import { emptyBodySchema, envelope } from '../common.ts';
import { DELIVERABLE_KINDS } from './deliverables.constants.ts';

/** The session client's deadlines for the current tax year (issue 35): no owner, no internal status. */
export const accountDeliverablesBodySchema = emptyBodySchema;
export const accountDeliverablesResponseSchema = envelope({
  tax_year: z.number().int(),
  deliverables: z.array(
    z.object({
      kind: z.enum(DELIVERABLE_KINDS),
      label: z.string().nullable(),
      /** YYYY-MM-DD, or null when nothing sets a date. */
      due_on: z.string().nullable(),
      extended: z.boolean(),
      /** The firm is waiting on the client for this one. */
      waiting_on_you: z.boolean(),
      /** Filed (or accepted): nothing left to do. */
      done: z.boolean(),
    }),
  ),
});
export type AccountDeliverable = z.infer<typeof accountDeliverablesResponseSchema>['deliverables'][number];
