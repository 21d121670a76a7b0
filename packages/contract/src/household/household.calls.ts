import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import {
  householdInviteBodySchema,
  householdInviteResponseSchema,
  householdListResponseSchema,
  householdMemberBodySchema,
  householdRightsBodySchema,
  householdRightsResponseSchema,
} from './household.schemas.ts';

/** The household's logins on one client file (issue 38): the holder manages, every member reads. */
export const householdCalls = {
  householdList: defineCall({
    path: 'account/household/list',
    body: emptyBodySchema,
    response: householdListResponseSchema,
    access: 'client',
    summary: "The file's holder, its members (kind, rights, invited or active) and the session's own rights.",
  }),
  householdInvite: defineCall({
    path: 'account/household/invite',
    body: householdInviteBodySchema,
    response: householdInviteResponseSchema,
    access: 'client',
    summary:
      'The holder invites a spouse (one per file) or a delegate with rights; needs a fresh step-up. E-mails a set-up link.',
  }),
  householdRemove: defineCall({
    path: 'account/household/remove',
    body: householdMemberBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "The holder removes a member: the member's sessions end at once.",
  }),
  householdRights: defineCall({
    path: 'account/household/rights',
    body: householdRightsBodySchema,
    response: householdRightsResponseSchema,
    access: 'client',
    summary: "The holder sets a delegate's rights (upload, message).",
  }),
} as const;
