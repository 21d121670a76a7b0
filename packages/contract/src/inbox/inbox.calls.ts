import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import {
  inboxCareerListBodySchema,
  inboxCareerListResponseSchema,
  inboxContactListBodySchema,
  inboxContactListResponseSchema,
  contactStatusBodySchema,
  inboxPaymentListBodySchema,
  inboxPaymentListResponseSchema,
  inboxReferralListBodySchema,
  inboxReferralListResponseSchema,
} from './inbox.schemas.ts';

/**
 * The staff inbox. Lists are POST calls in the DataTables shape; CSV exports and résumé downloads are GETs
 * (INBOX_EXPORT_PATH, INBOX_RESUME_PATH) that the browser downloads.
 */
export const inboxCalls = {
  staffContactList: defineCall({
    path: 'staff/inbox/contact/list',
    body: inboxContactListBodySchema,
    response: inboxContactListResponseSchema,
    access: 'staff',
    summary: 'Contact messages, paged, searched and sorted, optionally of one status.',
  }),
  staffContactStatus: defineCall({
    path: 'staff/inbox/contact/status',
    body: contactStatusBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: "Set a contact message's status (new, follow up, registered, no response); audited.",
  }),
  staffCareerList: defineCall({
    path: 'staff/inbox/careers/list',
    body: inboxCareerListBodySchema,
    response: inboxCareerListResponseSchema,
    access: 'staff',
    summary: 'Career applications with their résumés, paged, searched and sorted.',
  }),
  staffReferralList: defineCall({
    path: 'staff/inbox/referrals/list',
    body: inboxReferralListBodySchema,
    response: inboxReferralListResponseSchema,
    // Admins: it names every referring client, and an analyst may read only the files they may work.
    access: 'admin',
    summary: 'Every referral (who referred whom, and the referring client), paged, searched and sorted.',
  }),
  staffPaymentList: defineCall({
    path: 'staff/inbox/payments/list',
    body: inboxPaymentListBodySchema,
    response: inboxPaymentListResponseSchema,
    access: 'admin',
    summary: 'Every payment order, by status, tax year and date range, paged, searched and sorted (admins).',
  }),
} as const;
