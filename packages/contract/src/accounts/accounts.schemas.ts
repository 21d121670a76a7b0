import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import {
  emailField,
  envelope,
  personName,
  phoneExtensionWithDefault,
  phoneField,
  requiredText,
} from '../common.ts';
import { FILE_STATUSES } from '../statuses.ts';
import { loginCodeField } from './login-code.schemas.ts';
import { authenticationCredentialSchema } from './passkeys.schemas.ts';

/**
 * A new password's least length (ASVS 2.1.1). The server also refuses common and breached passwords
 * (MESSAGES.PASSWORD_TOO_COMMON) from a list it keeps: the list is too large for the browser.
 */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Run a cross-field check as soon as the fields it compares are valid, even while other fields are not, so a
 * mismatch shows together with the other messages rather than after them.
 */
function whenValid(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

function password(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(256, { error: 'Password must be at most 256 characters' });
}

/** A new password: the policy applies wherever one is chosen. */
function newPassword(required: string) {
  return password(required).refine((v) => v.length >= MIN_PASSWORD_LENGTH, {
    error: MESSAGES.PASSWORD_TOO_SHORT,
  });
}

export const loginBodySchema = z.object({
  email: emailField(),
  password: password(MESSAGES.PASSWORD_REQUIRED),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userInfoSchema = z.object({
  user_id: z.string(),
  client_id: z.string(),
  user_name: z.string(),
  email: z.string(),
  filestatus: z.enum(FILE_STATUSES),
  userstate: z.string(),
  filenumber: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
export const loginResponseSchema = envelope({
  uinfo: userInfoSchema.optional(),
  /** Two-step verification is on: no session yet; finish with account/mfa/login and this token. */
  mfa_required: z.literal(true).optional(),
  mfa_token: z.string().optional(),
  /** Signed in, but the terms or the §7216 question must be answered first (account/consents/get). */
  consent_required: z.literal(true).optional(),
});

/**
 * A password set from a reset or invitation link (issue 38): the holder lands signed in (`uinfo`, as a
 * login answers), or, with a second factor on (always for staff), goes on to the second step with
 * `mfa_token` (`step` for staff: 'mfa', or 'enrol' when no authenticator is enrolled yet).
 */
export const resetLinkResponseSchema = envelope({
  uinfo: userInfoSchema.optional(),
  consent_required: z.literal(true).optional(),
  mfa_required: z.literal(true).optional(),
  mfa_token: z.string().optional(),
  door: z.enum(['client', 'staff']).optional(),
  step: z.enum(['mfa', 'enrol']).optional(),
});

export const forgotBodySchema = z.object({ email: emailField() });
export type ForgotBody = z.infer<typeof forgotBodySchema>;

export const registerBodySchema = z
  .object({
    first_name: personName(MESSAGES.FIRST_NAME_REQUIRED, MESSAGES.FIRST_NAME_ALPHABETS),
    last_name: personName(MESSAGES.LAST_NAME_REQUIRED, MESSAGES.LAST_NAME_ALPHABETS),
    mobileCountry: phoneExtensionWithDefault,
    phone: phoneField(),
    email: emailField(),
    confirmemail: requiredText(MESSAGES.CONFIRM_EMAIL_REQUIRED, 254),
    password: newPassword(MESSAGES.PASSWORD_REQUIRED),
    confirmpassword: password(MESSAGES.CONFIRM_PASSWORD_REQUIRED_CHANGE),
    /** The old form showed this message but never bound the checkbox; here it is bound. */
    terms: z.literal(true, { error: MESSAGES.ACCEPT_TERMS }),
  })
  // Compared as typed: the e-mail may still be malformed, the password still too short.
  .refine((v) => String(v.email).toLowerCase() === String(v.confirmemail).toLowerCase(), {
    path: ['confirmemail'],
    error: MESSAGES.EMAILS_NOT_MATCHING,
    when: whenValid('confirmemail'),
  })
  .refine((v) => v.password === v.confirmpassword, {
    path: ['confirmpassword'],
    error: MESSAGES.PASSWORDS_NOT_SAME,
    when: whenValid('confirmpassword'),
  })
  .refine((v) => v.password.trim().toLowerCase() !== v.email.toLowerCase(), {
    path: ['password'],
    error: MESSAGES.PASSWORD_IS_EMAIL,
    when: whenValid('password', 'email'),
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const logoutStatusResponseSchema = envelope({ loginstatus: z.union([z.literal(0), z.literal(1)]) });

const isConfirmed = (v: { password: string; confirmpassword: string }) => v.password === v.confirmpassword;

/**
 * One's own password change: the current password, any further proof (`extra`: a staff member's
 * authenticator code), then the new password twice.
 */
function ownPasswordChange<Extra extends z.ZodRawShape>(extra: Extra) {
  return z
    .object({
      oldpassword: password(MESSAGES.OLD_PASSWORD_REQUIRED),
      ...extra,
      password: newPassword(MESSAGES.NEW_PASSWORD_REQUIRED),
      confirmpassword: password(MESSAGES.CONFIRM_PASSWORD_REQUIRED_CHANGE),
    })
    .refine((v) => isConfirmed(v as unknown as { password: string; confirmpassword: string }), {
      path: ['confirmpassword'],
      error: MESSAGES.CHANGE_PASSWORD_MISMATCH,
      when: whenValid('confirmpassword'),
    });
}

export const changePasswordBodySchema = ownPasswordChange({});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** The "Create New Password" page, reached from the forgot-password e-mail. */
export const forgotCheckerBodySchema = z
  .object({
    newpassword: newPassword(MESSAGES.NEW_PASSWORD_REQUIRED),
    confirmpassword: password(MESSAGES.CONFIRM_PASSWORD_REQUIRED),
    userid: requiredText(MESSAGES.RESET_LINK_EXPIRED, 100),
    tokenId: requiredText(MESSAGES.RESET_LINK_EXPIRED, 200),
  })
  // The old page compared the field with itself; the intent is a real mismatch check.
  .refine((v) => v.newpassword === v.confirmpassword, {
    path: ['confirmpassword'],
    error: MESSAGES.NEW_PASSWORD_MISMATCH,
    when: whenValid('confirmpassword'),
  });
export type ForgotCheckerBody = z.input<typeof forgotCheckerBodySchema>;

export const registerVerifyBodySchema = z.object({
  tokenId: requiredText(MESSAGES.RESET_LINK_EXPIRED, 100),
  verifytoken: requiredText(MESSAGES.RESET_LINK_EXPIRED, 200),
});

export const checkResetLinkBodySchema = z.object({
  tokenid: requiredText(MESSAGES.RESET_LINK_EXPIRED, 200),
});

/** The resetpasswordlink/{id} page, sent by staff. */
export const updatePasswordLinkBodySchema = z
  .object({
    token_id: requiredText(MESSAGES.RESET_LINK_EXPIRED, 200),
    newpassword: newPassword(MESSAGES.PASSWORD_REQUIRED),
    cpassword: password(MESSAGES.CONFIRM_PASSWORD_REQUIRED_CHANGE),
  })
  .refine((v) => v.newpassword === v.cpassword, {
    path: ['cpassword'],
    error: MESSAGES.RESET_PASSWORDS_MISMATCH,
    when: whenValid('cpassword'),
  });
export type UpdatePasswordLinkBody = z.input<typeof updatePasswordLinkBodySchema>;

export const resendVerificationBodySchema = z.object({ email: emailField() });
export type ResendVerificationBody = z.infer<typeof resendVerificationBodySchema>;

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
const mfaCode = z
  .string({ error: MESSAGES.MFA_CODE_REQUIRED })
  .trim()
  .min(1, { error: MESSAGES.MFA_CODE_REQUIRED })
  .max(32, { error: MESSAGES.MFA_CODE_INVALID })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase());

export const mfaLoginBodySchema = z.object({
  mfa_token: requiredText(MESSAGES.MFA_LOGIN_EXPIRED, 200),
  code: mfaCode,
});
export type MfaLoginBody = z.input<typeof mfaLoginBodySchema>;

export const mfaStatusResponseSchema = envelope({ enabled: z.boolean() });
export const mfaSetupResponseSchema = envelope({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as an SVG QR code (a data: URL). */
  qr_code: z.string(),
});
export const mfaEnableBodySchema = z.object({
  code: z
    .string({ error: MESSAGES.MFA_CODE_REQUIRED })
    .trim()
    .min(1, { error: MESSAGES.MFA_CODE_REQUIRED })
    .regex(/^\d{6}$/, { error: MESSAGES.MFA_CODE_INVALID }),
});
export type MfaEnableBody = z.input<typeof mfaEnableBodySchema>;
export const mfaEnableResponseSchema = envelope({ recovery_codes: z.array(z.string()) });
/** Turning it off asks for the password and a current code (or a recovery code): a session alone is not enough. */
export const mfaDisableBodySchema = z.object({
  password: password(MESSAGES.PASSWORD_REQUIRED),
  code: mfaCode,
});
export type MfaDisableBody = z.input<typeof mfaDisableBodySchema>;

/**
 * Prove the session again before a sensitive action (account/stepup, staff/stepup): the password, a code
 * from the authenticator app (or a recovery code), one of the session's own passkeys (its answer to
 * account/stepup/passkey/options), or a fresh e-mailed code (account/stepup/code/send). Exactly one.
 */
export const stepUpBodySchema = z
  .object({
    password: z.string().max(256, { error: 'Password must be at most 256 characters' }).optional(),
    code: z
      .string()
      .trim()
      .max(32, { error: MESSAGES.MFA_CODE_INVALID })
      .transform((v) => v.replace(/\s+/g, '').toLowerCase())
      .optional(),
    passkey: authenticationCredentialSchema.optional(),
    email_code: loginCodeField.optional(),
  })
  .superRefine((v, ctx) => {
    const given = [v.password, v.code, v.passkey, v.email_code].filter(Boolean).length;
    if (given > 1) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: MESSAGES.STEP_UP_ANSWER_REQUIRED });
    } else if (given === 0) {
      // Whichever of the two the form shows carries the message.
      for (const field of ['password', 'code']) {
        ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.STEP_UP_ANSWER_REQUIRED });
      }
    }
  });
export type StepUpBody = z.input<typeof stepUpBodySchema>;

/** A staff member changes their own password: the current one and an authenticator code prove it is them. */
export const staffChangePasswordBodySchema = ownPasswordChange({ code: mfaCode });
export type StaffChangePasswordBody = z.input<typeof staffChangePasswordBodySchema>;
