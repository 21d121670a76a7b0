import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import {
  dataTablesParametersSchema,
  emailField,
  envelope,
  phoneExtensionWithDefault,
  phoneField,
  requiredText,
} from '../common.ts';

const referralShape = {
  rf_on_name: requiredText(MESSAGES.NAME_REQUIRED, 200),
  rf_on_email: emailField(MESSAGES.EMAIL_REQUIRED),
  rf_on_phone_ext: phoneExtensionWithDefault,
  rf_on_phone: phoneField(MESSAGES.PHONE_REQUIRED),
  rf_name: requiredText(MESSAGES.FRIEND_NAME_REQUIRED, 200),
  rf_email: emailField(MESSAGES.FRIEND_EMAIL_REQUIRED),
  rf_phone_ext: phoneExtensionWithDefault,
  rf_phone: phoneField(MESSAGES.FRIEND_PHONE_REQUIRED),
  rf_comment: requiredText(MESSAGES.MESSAGE_REQUIRED, 2000),
  /** 0 for a visitor. Never trusted: the server links a referral to the session's client. */
  rf_user_id: z.union([z.string(), z.number()]).optional(),
};

function sameEmailRule(message: string) {
  return (v: { rf_on_email: string; rf_email: string }, ctx: z.RefinementCtx) => {
    if (v.rf_on_email.toLowerCase() === v.rf_email.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['rf_email'], message });
    }
  };
}

/** The public Refer a Friend form. */
export const publicReferralBodySchema = z
  .object(referralShape)
  .superRefine(sameEmailRule(MESSAGES.REFERRAL_SAME_EMAIL_PUBLIC));
export type PublicReferralBody = z.input<typeof publicReferralBodySchema>;

/** The client's 'Refer a friend' form (user/saverefferal). */
export const clientReferralBodySchema = z
  .object(referralShape)
  .superRefine(sameEmailRule(MESSAGES.REFERRAL_SAME_EMAIL_CLIENT));
export type ClientReferralBody = z.input<typeof clientReferralBodySchema>;

/** Both forms post to saverefferal; the server picks the message by whether a client is logged in. */
export const saveReferralBodySchema = z.object(referralShape);

export const referralRowSchema = z.object({
  rf_on_name: z.string(),
  rf_on_email: z.string(),
  rf_name: z.string(),
  rf_email: z.string(),
  rf_phone: z.string(),
  rf_phone_ext: z.string(),
  rf_comment: z.string(),
  created_at: z.string(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

export const referralListBodySchema = z.object({
  dataTablesParameters: dataTablesParametersSchema.default({ draw: 1, start: 0, length: 10 }),
  taxy: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const referralListResponseSchema = envelope({
  draw: z.number().int(),
  data: z.array(referralRowSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
});
