import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { dataTablesParametersSchema, envelope } from '../common.ts';
import { definePublicForm } from '../public-forms/public-form.ts';

/**
 * A referral's fields, for the call and the public Refer a Friend page: the friend's e-mail must differ from
 * one's own (the portal's form says so in its own words, REFERRAL_SAME_EMAIL_CLIENT).
 */
export const REFERRAL_FORM = definePublicForm({
  rf_on_name: { kind: 'text', required: MESSAGES.NAME_REQUIRED, max: 200 },
  rf_on_email: { kind: 'email', required: MESSAGES.EMAIL_REQUIRED },
  rf_on_phone: { kind: 'phone', required: MESSAGES.PHONE_REQUIRED, extension: 'rf_on_phone_ext' },
  rf_name: { kind: 'text', required: MESSAGES.FRIEND_NAME_REQUIRED, max: 200 },
  rf_email: {
    kind: 'email',
    required: MESSAGES.FRIEND_EMAIL_REQUIRED,
    differsFrom: { name: 'rf_on_email', message: MESSAGES.REFERRAL_SAME_EMAIL_PUBLIC },
  },
  rf_phone: { kind: 'phone', required: MESSAGES.FRIEND_PHONE_REQUIRED, extension: 'rf_phone_ext' },
  rf_comment: { kind: 'message', required: MESSAGES.MESSAGE_REQUIRED, max: 2000 },
});

const referralShape = {
  ...REFERRAL_FORM.shape,
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
