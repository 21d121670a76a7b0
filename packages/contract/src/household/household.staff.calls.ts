import { defineCall } from '../call.ts';
import {
  householdInviteResponseSchema,
  staffHouseholdInviteBodySchema,
  staffHouseholdListBodySchema,
  staffHouseholdListResponseSchema,
} from './household.schemas.ts';

/** The household of a client's file from the staff side: its members, and inviting the spouse. */
export const householdStaffCalls = {
  staffHouseholdList: defineCall({
    path: 'staff/household/list',
    body: staffHouseholdListBodySchema,
    response: staffHouseholdListResponseSchema,
    access: 'staff',
    summary: "The members of a client's file (kind, rights, invited or active).",
  }),
  staffHouseholdInvite: defineCall({
    path: 'staff/household/invite',
    body: staffHouseholdInviteBodySchema,
    response: householdInviteResponseSchema,
    access: 'staff',
    summary: "Invite the client's spouse to the file (one per file); e-mails a set-up link.",
  }),
} as const;
