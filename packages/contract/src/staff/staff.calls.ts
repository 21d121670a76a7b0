import { loginBodySchema, mfaSetupResponseSchema } from '../accounts/accounts.schemas.ts';
import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  staffEnrolBodySchema,
  staffEnrolConfirmBodySchema,
  staffEnrolConfirmResponseSchema,
  staffLoginResponseSchema,
  staffMfaBodySchema,
  staffMembersResponseSchema,
  staffSessionResponseSchema,
} from './staff.schemas.ts';
import {
  staffAssignBodySchema,
  staffClientAccountBodySchema,
  staffClientContactBodySchema,
  staffNoteBodySchema,
  staffClientBodySchema,
  staffClientResponseSchema,
  staffFileNumberBodySchema,
  staffStatusBodySchema,
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
  staffClient: defineCall({
    path: 'staff/clients/get',
    body: staffClientBodySchema,
    response: staffClientResponseSchema,
    access: 'staff',
    summary: "One client's account, filing and status history (audited).",
  }),
  staffChangeStatus: defineCall({
    path: 'staff/clients/status',
    body: staffStatusBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary:
      "Move a client's filing to any status with a required comment; kept in its history, e-mailed to the client.",
  }),
  staffSetFileNumber: defineCall({
    path: 'staff/clients/filenumber',
    body: staffFileNumberBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: "Assign or change a client's file number (unique).",
  }),
  staffAssign: defineCall({
    path: 'staff/clients/assign',
    body: staffAssignBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'Assign the filing to an analyst (admins), or take it from To Be Assigned (an analyst).',
  }),
  staffMembers: defineCall({
    path: 'staff/members/list',
    body: emptyBodySchema,
    response: staffMembersResponseSchema,
    access: 'staff',
    summary: "The firm's staff members (to assign an analyst).",
  }),
  staffSendResetLink: defineCall({
    path: 'staff/clients/resetlink',
    body: staffClientAccountBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'E-mail the client a one-time link to set a new password (resetpasswordlink/{id}).',
  }),
  staffClientContact: defineCall({
    path: 'staff/clients/contact',
    body: staffClientContactBodySchema,
    response: envelopeSchema,
    // The sign-in address decides who holds the account: admins only.
    access: 'admin',
    summary: "Change the client's sign-in e-mail and phone (the old address is told).",
  }),
  staffAddNote: defineCall({
    path: 'staff/clients/notes/add',
    body: staffNoteBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: "Add an internal note to the client's file (never shown to the client).",
  }),
  staffVerifyClient: defineCall({
    path: 'staff/clients/verify',
    body: staffClientAccountBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: "Mark the client's e-mail address verified (the firm confirmed it another way).",
  }),
} as const;
