import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import {
  staffClientAccountBodySchema,
  staffClientContactBodySchema,
  staffClientInviteBodySchema,
  staffClientInviteResponseSchema,
} from './accounts.staff.schemas.ts';

/** What staff do to a client's account: invite, reset link, contact details, verification. */
export const accountsStaffCalls = {
  staffSendResetLink: defineCall({
    path: 'staff/clients/resetlink',
    body: staffClientAccountBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'E-mail the client a one-time link to set a new password (resetpasswordlink/{id}).',
  }),
  staffInviteClient: defineCall({
    path: 'staff/clients/invite',
    body: staffClientInviteBodySchema,
    response: staffClientInviteResponseSchema,
    access: 'staff',
    summary:
      "Create a client's account, file and this year's filing; e-mail a link to set the password (7 days).",
  }),
  staffClientContact: defineCall({
    path: 'staff/clients/contact',
    body: staffClientContactBodySchema,
    response: envelopeSchema,
    // The sign-in address decides who holds the account: admins only.
    access: 'admin',
    summary: "Change the client's sign-in e-mail and phone (the old address is told).",
  }),
  staffVerifyClient: defineCall({
    path: 'staff/clients/verify',
    body: staffClientAccountBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: "Mark the client's e-mail address verified (the firm confirmed it another way).",
  }),
} as const;
