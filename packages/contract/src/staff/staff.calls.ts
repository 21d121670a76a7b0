import { loginBodySchema, mfaSetupResponseSchema } from '../accounts/accounts.schemas.ts';
import { defineCall } from '../call.ts';
import { emptyBodySchema } from '../common.ts';
import {
  staffEnrolBodySchema,
  staffEnrolConfirmBodySchema,
  staffEnrolConfirmResponseSchema,
  staffLoginResponseSchema,
  staffMfaBodySchema,
  staffSessionResponseSchema,
} from './staff.schemas.ts';
import {
  staffClientListBodySchema,
  staffClientListResponseSchema,
  staffQueueBodySchema,
  staffQueueResponseSchema,
} from './clients.schemas.ts';

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
  staffMe: defineCall({
    path: 'staff/me',
    body: emptyBodySchema,
    response: staffSessionResponseSchema,
    access: 'staff',
    summary: 'The signed-in staff member and their role.',
  }),
  staffQueues: defineCall({
    path: 'staff/clients/queues',
    body: staffQueueBodySchema,
    response: staffQueueResponseSchema,
    access: 'staff',
    summary: "A tax year's filings counted by file status (analysts: their own and To Be Assigned).",
  }),
  staffClientList: defineCall({
    path: 'staff/clients/list',
    body: staffClientListBodySchema,
    response: staffClientListResponseSchema,
    access: 'staff',
    summary: "One queue's clients, paged, searched and sorted (analysts: their own and To Be Assigned).",
  }),
} as const;
