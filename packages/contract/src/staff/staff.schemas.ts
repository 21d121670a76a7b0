import { z } from 'zod';
import { mfaEnableBodySchema, mfaLoginBodySchema } from '../accounts/accounts.schemas.ts';
import { envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';

/** The firm's staff roles (DESIGN.md): analysts work clients' files; admins also run settings and staff. */
export const STAFF_ROLES = ['analyst', 'admin'] as const;
/** Where a staff member works: 'offshore' (the India team) needs the client's §7216 consent to open a file. */
export const STAFF_LOCATIONS = ['us', 'offshore'] as const;
export type StaffLocation = (typeof STAFF_LOCATIONS)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * A correct staff password earns only a 5-minute, single-use token: for the authenticator code (`mfa`), or,
 * at first login, for enrolling an authenticator app (`enrol`), which staff cannot skip.
 */
export const staffLoginResponseSchema = envelope({
  step: z.enum(['mfa', 'enrol']),
  mfa_token: z.string(),
});

export const staffEnrolBodySchema = z.object({
  mfa_token: requiredText(MESSAGES.MFA_LOGIN_EXPIRED, 200),
});
export const staffEnrolConfirmBodySchema = mfaEnableBodySchema.extend({
  mfa_token: requiredText(MESSAGES.MFA_LOGIN_EXPIRED, 200),
});
export type StaffEnrolConfirmBody = z.input<typeof staffEnrolConfirmBodySchema>;
export const staffMfaBodySchema = mfaLoginBodySchema;

export const staffInfoSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffInfo = z.infer<typeof staffInfoSchema>;

export const staffSessionResponseSchema = envelope({ staff: staffInfoSchema });
export const staffEnrolConfirmResponseSchema = envelope({
  staff: staffInfoSchema,
  /** Shown once: each signs in once in place of a code. */
  recovery_codes: z.array(z.string()),
});

/** The firm's staff, for choosing an analyst. */
export const staffMembersResponseSchema = envelope({
  staff: z.array(z.object({ user_id: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) })),
});
