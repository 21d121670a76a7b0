import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import {
  referralListBodySchema,
  referralListResponseSchema,
  saveReferralBodySchema,
} from './referrals.schemas.ts';

export const referralsCalls = {
  saveReferral: defineCall({
    path: 'saverefferal',
    body: saveReferralBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: "Store a referral; linked to the session's client when one is logged in.",
  }),
  referralList: defineCall({
    path: 'user/refferalslist',
    body: referralListBodySchema,
    response: referralListResponseSchema,
    access: 'client',
    summary: "The session's own referrals, paged server-side (DataTables shape).",
  }),
} as const;
