import { z } from 'zod';
import { envelopeSchema } from './common.ts';

/**
 * Stable error codes. The code → HTTP status table lives once, on the server. The web branches on the code,
 * never on the message text: a refusal the UI treats apart has a code of its own (the domain codes below).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_BODY',
  'UNAUTHORIZED',
  'CSRF_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  // Domain refusals the UI treats apart.
  'EMAIL_IN_USE',
  'LOGIN_INVALID',
  'LOGIN_NOT_VERIFIED',
  'MFA_LOGIN_EXPIRED',
  'PROFILE_LOCKED',
  /** A sensitive action needs the session to prove itself again (account/stepup, staff/stepup). */
  'STEP_UP_REQUIRED',
  // Security review 2, signing (S2-05, S2-06).
  /** Too many wrong codes from a signer: the document is locked until staff reopen it. */
  'SIGNATURE_LOCKED',
  /** The spouse's link ran out after signing (it opens the signed file for a few days only). */
  'SIGNATURE_LINK_ENDED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorEnvelopeSchema = envelopeSchema.extend({
  code: z.enum(ERROR_CODES),
  /** For validation failures: the first message of each failing field, keyed by field path. */
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Turn zod issues into { "field.path": "first message" }. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
