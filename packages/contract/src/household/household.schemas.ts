/**
 * The household (issue 38): the people besides the account holder who sign in to the same client file with
 * their own login. A spouse has the holder's rights on the file and signs their own part; a delegate sees the
 * file and has the rights the holder chose (upload, message), never signs and never sees an identity number
 * in full.
 */
import { z } from 'zod';
import { clientIdField, emailField, envelope, personName } from '../common.ts';
import { MESSAGES } from '../messages.ts';

export const HOUSEHOLD_MEMBER_KINDS = ['spouse', 'delegate'] as const;
export type HouseholdMemberKind = (typeof HOUSEHOLD_MEMBER_KINDS)[number];

/** What the holder may let a delegate do besides seeing the file. */
export const householdRightsSchema = z.object({
  can_upload: z.boolean(),
  can_message: z.boolean(),
});
export type HouseholdRights = z.infer<typeof householdRightsSchema>;

/** One member as the household and staff see them. `active`: the member has set their password. */
export const householdMemberSchema = z.object({
  member_id: z.string(),
  kind: z.enum(HOUSEHOLD_MEMBER_KINDS),
  name: z.string(),
  email: z.string(),
  can_upload: z.boolean(),
  can_message: z.boolean(),
  state: z.enum(['invited', 'active']),
  invited_at: z.string(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

/** Who the session is, within the household: the holder, or a member and their rights. */
export const householdViewerSchema = z.object({
  kind: z.enum(['holder', ...HOUSEHOLD_MEMBER_KINDS]),
  can_upload: z.boolean(),
  can_message: z.boolean(),
  can_sign: z.boolean(),
  can_reveal: z.boolean(),
  can_manage: z.boolean(),
});
export type HouseholdViewer = z.infer<typeof householdViewerSchema>;

export const householdListResponseSchema = envelope({
  /** The account holder (the file's own login). */
  holder: z.object({ name: z.string(), email: z.string() }),
  members: z.array(householdMemberSchema),
  me: householdViewerSchema,
});
export type HouseholdList = z.infer<typeof householdListResponseSchema>;

const inviteFields = {
  kind: z.enum(HOUSEHOLD_MEMBER_KINDS, { error: MESSAGES.HOUSEHOLD_KIND_INVALID }),
  first_name: personName(MESSAGES.FIRST_NAME_REQUIRED, MESSAGES.FIRST_NAME_ALPHABETS),
  last_name: personName(MESSAGES.LAST_NAME_REQUIRED, MESSAGES.LAST_NAME_ALPHABETS),
  email: emailField(),
  /** A delegate's rights; a spouse has every right whatever these say. */
  can_upload: z.boolean().default(false),
  can_message: z.boolean().default(false),
};

/** The holder invites a spouse or a delegate; the invitee gets a set-up link by e-mail. */
export const householdInviteBodySchema = z.object(inviteFields);
export type HouseholdInviteBody = z.input<typeof householdInviteBodySchema>;
export const householdInviteResponseSchema = envelope({ member: householdMemberSchema });

export const householdMemberBodySchema = z.object({
  member_id: z.uuid({ error: MESSAGES.HOUSEHOLD_MEMBER_NOT_FOUND }),
});
export type HouseholdMemberBody = z.input<typeof householdMemberBodySchema>;

export const householdRightsBodySchema = householdMemberBodySchema.extend(householdRightsSchema.shape);
export type HouseholdRightsBody = z.input<typeof householdRightsBodySchema>;
export const householdRightsResponseSchema = envelope({ member: householdMemberSchema });

// ---- staff ----

/** The members of a client's file, as staff see them. */
export const staffHouseholdListBodySchema = z.object({ client_id: clientIdField });
export const staffHouseholdListResponseSchema = envelope({ members: z.array(householdMemberSchema) });
export type StaffHouseholdList = z.infer<typeof staffHouseholdListResponseSchema>;

/** Staff invite the client's spouse (the firm spoke with the client). */
export const staffHouseholdInviteBodySchema = z.object({
  client_id: clientIdField,
  first_name: inviteFields.first_name,
  last_name: inviteFields.last_name,
  email: inviteFields.email,
});
export type StaffHouseholdInviteBody = z.input<typeof staffHouseholdInviteBodySchema>;
