import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  forgotBodySchema,
  loginBodySchema,
  mfaSetupResponseSchema,
  staffChangePasswordBodySchema,
  stepUpBodySchema,
} from '../accounts/accounts.schemas.ts';
import {
  staffLoginResponseSchema,
  staffEnrolBodySchema,
  staffEnrolConfirmBodySchema,
  staffMfaBodySchema,
  staffSessionResponseSchema,
  staffEnrolConfirmResponseSchema,
  staffMembersResponseSchema,
} from './staff.schemas.ts';
import {
  staffQueueBodySchema,
  staffQueueResponseSchema,
  staffClientListBodySchema,
  staffClientListResponseSchema,
  staffClientCountBodySchema,
  staffClientCountResponseSchema,
} from './work-queues.schemas.ts';

/** Staff sign-in, the signed-in member, the analyst picker and the work queues. */
export const staffCalls = {
  staffLogin: defineCall({
    path: 'staff/login',
    body: loginBodySchema,
    response: staffLoginResponseSchema,
    access: 'public',
    summary: "A staff member's password: answers the second step (code, or enrolment at first login).",
  }),
  staffLoginMfa: defineCall({
    path: 'staff/login/mfa',
    body: staffMfaBodySchema,
    response: staffSessionResponseSchema,
    access: 'public',
    summary: 'Finish a staff login with an authenticator or recovery code; sets the session.',
  }),
  staffEnrolStart: defineCall({
    path: 'staff/login/enrol',
    body: staffEnrolBodySchema,
    response: mfaSetupResponseSchema,
    access: 'public',
    summary: 'First staff login: a new authenticator secret and its QR code (MFA is mandatory for staff).',
  }),
  staffEnrolConfirm: defineCall({
    path: 'staff/login/enrolconfirm',
    body: staffEnrolConfirmBodySchema,
    response: staffEnrolConfirmResponseSchema,
    access: 'public',
    summary: 'Confirm the first code: MFA is on, the recovery codes are shown once, the session starts.',
  }),
  staffForgot: defineCall({
    path: 'staff/login/forgot',
    body: forgotBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary:
      'E-mail a staff member a one-time link to set a new password; the same answer whether or not the address is staff.',
  }),
  staffChangePassword: defineCall({
    path: 'staff/account/changepassword',
    body: staffChangePasswordBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary:
      "Change the staff member's own password (current password and an authenticator code); other sessions end.",
  }),
  staffStepUp: defineCall({
    path: 'staff/stepup',
    body: stepUpBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary:
      'Prove this session again (password or authenticator code) before a sensitive action; good for 5 minutes.',
  }),
  staffMe: defineCall({
    path: 'staff/me',
    body: emptyBodySchema,
    response: staffSessionResponseSchema,
    access: 'staff',
    summary: 'The signed-in staff member and their role.',
  }),
  staffMembers: defineCall({
    path: 'staff/members/list',
    body: emptyBodySchema,
    response: staffMembersResponseSchema,
    access: 'staff',
    summary: "The firm's staff members (to assign an analyst).",
  }),
  staffQueues: defineCall({
    path: 'staff/clients/queues',
    body: staffQueueBodySchema,
    response: staffQueueResponseSchema,
    access: 'staff',
    summary:
      "A tax year's filings counted by file status, among those the queue's filters keep (analysts: their own and To Be Assigned).",
  }),
  staffClientList: defineCall({
    path: 'staff/clients/list',
    body: staffClientListBodySchema,
    response: staffClientListResponseSchema,
    access: 'staff',
    summary: "One queue's clients, paged, searched and sorted (analysts: their own and To Be Assigned).",
  }),
  staffClientCount: defineCall({
    path: 'staff/clients/count',
    body: staffClientCountBodySchema,
    response: staffClientCountResponseSchema,
    access: 'staff',
    summary:
      "How many files a queue's filters and search select, counted exactly (a bulk action's confirmation).",
  }),
} as const;
