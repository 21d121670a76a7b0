import { z } from 'zod';
import { clientIdField, envelope } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import {
  dependentInfoSchema,
  employerInfoSchema,
  spouseInfoSchema,
  taxpayerInfoSchema,
} from './profile.schemas.ts';

/** The client's tax profile, read-only: identity numbers masked (`•••-••-1234`). */
export const staffProfileBodySchema = z.object({ client_id: clientIdField });
export const staffProfileResponseSchema = envelope({
  tinfo: taxpayerInfoSchema.nullable(),
  sinfo: spouseInfoSchema.nullable(),
  dinfo: z.array(dependentInfoSchema),
  empinfo: z.array(employerInfoSchema),
});
export type StaffProfile = z.infer<typeof staffProfileResponseSchema>;

/** Which identity number: `taxpayer.ssn`, `spouse.ssn` or `dependents.<id>.ssn` (also the audit subject). */
export const identitySubjectSchema = z
  .string()
  .regex(
    /^(taxpayer\.ssn|spouse\.ssn|dependents\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.ssn)$/i,
    {
      error: MESSAGES.INVALID_REQUEST,
    },
  );
export const staffRevealBodySchema = z.object({ client_id: clientIdField, subject: identitySubjectSchema });
export type StaffRevealBody = z.input<typeof staffRevealBodySchema>;
export const staffRevealResponseSchema = envelope({ subject: z.string(), value: z.string() });
