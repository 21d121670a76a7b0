import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  staffAccessEndBodySchema,
  staffInviteBodySchema,
  staffLocationBodySchema,
  staffMemberBodySchema,
  staffTeamResponseSchema,
} from './team.schemas.ts';

/** Admins manage the firm's staff accounts. */
export const teamCalls = {
  staffTeam: defineCall({
    path: 'staff/team/list',
    body: emptyBodySchema,
    response: staffTeamResponseSchema,
    access: 'admin',
    summary: "The firm's staff accounts, active and deactivated.",
  }),
  staffInvite: defineCall({
    path: 'staff/team/invite',
    body: staffInviteBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: 'Invite a staff member: the account is made and a one-time set-up link e-mailed (24 h).',
  }),
  staffDeactivate: defineCall({
    path: 'staff/team/deactivate',
    body: staffMemberBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: 'Deactivate a staff member: no more logins, and every session ends at once.',
  }),
  staffReactivate: defineCall({
    path: 'staff/team/reactivate',
    body: staffMemberBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: 'Let a deactivated staff member sign in again.',
  }),
  staffResetMfa: defineCall({
    path: 'staff/team/resetmfa',
    body: staffMemberBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: "Reset a staff member's authenticator (a lost phone): they enrol again at the next login.",
  }),
  staffSetLocation: defineCall({
    path: 'staff/team/location',
    body: staffLocationBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary: "Set where a staff member works: 'offshore' staff cannot open US-only files (§7216).",
  }),
  staffSetAccessEnd: defineCall({
    path: 'staff/team/accessend',
    body: staffAccessEndBodySchema,
    response: envelopeSchema,
    access: 'admin',
    summary:
      "Set or remove a seasonal staff member's last day of access: from the day after, no sign-in and no session.",
  }),
} as const;
