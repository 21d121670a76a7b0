/** The e-mailed one-time sign-in code, the client's alternative to a password (issue 38). */
import { z } from 'zod';
import { emailField } from '../common.ts';
import { MESSAGES } from '../messages.ts';

/** How many digits the e-mailed code has, and how long it works. */
export const LOGIN_CODE_DIGITS = 6;
export const LOGIN_CODE_MINUTES = 10;

/** Six digits, spaces allowed as typed ("123 456"). */
export const loginCodeField = z
  .string({ error: MESSAGES.LOGIN_CODE_REQUIRED })
  .trim()
  .min(1, { error: MESSAGES.LOGIN_CODE_REQUIRED })
  .max(16, { error: MESSAGES.LOGIN_CODE_INVALID })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: MESSAGES.LOGIN_CODE_INVALID }));

export const loginCodeSendBodySchema = z.object({ email: emailField() });
export type LoginCodeSendBody = z.input<typeof loginCodeSendBodySchema>;

export const loginCodeVerifyBodySchema = z.object({ email: emailField(), code: loginCodeField });
export type LoginCodeVerifyBody = z.input<typeof loginCodeVerifyBodySchema>;
