import { z } from 'zod';
import { emailField, envelope, optionalIsoDayField, personName } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { STAFF_LOCATIONS, STAFF_ROLES } from './staff.schemas.ts';

/** The firm's staff, as admins manage them (staff/team/...). */
export const staffTeamMemberSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Where they work: 'offshore' (the India team) cannot open a file without the client's §7216 Yes. */
  location: z.enum(STAFF_LOCATIONS),
  /** The authenticator app is enrolled (staff enrol at their first login). */
  mfa_enabled: z.boolean(),
  /** The set-up link was used: the member has chosen a password. */
  password_set: z.boolean(),
  active: z.boolean(),
  /** A seasonal member's last day of access (YYYY-MM-DD, the firm's calendar); null: no end. */
  access_ends_on: z.string().nullable(),
  /** The end date has passed: they cannot sign in, as if deactivated. */
  access_ended: z.boolean(),
  /** Their access ends within the next 7 days (today included). */
  access_ends_this_week: z.boolean(),
  created_at: z.string(),
});
export type StaffTeamMember = z.infer<typeof staffTeamMemberSchema>;
export const staffTeamResponseSchema = envelope({ staff: z.array(staffTeamMemberSchema) });

export const staffInviteBodySchema = z.object({
  email: emailField(),
  role: z.enum(STAFF_ROLES, { error: 'Choose a role.' }),
  location: z.enum(STAFF_LOCATIONS, { error: MESSAGES.STAFF_LOCATION_REQUIRED }).default('us'),
  first_name: personName(MESSAGES.FIRST_NAME_REQUIRED, MESSAGES.FIRST_NAME_ALPHABETS),
  last_name: personName(MESSAGES.LAST_NAME_REQUIRED, MESSAGES.LAST_NAME_ALPHABETS),
  /** Seasonal staff: the last day they may work (empty: no end). The server refuses a day before today. */
  access_ends_on: optionalIsoDayField(MESSAGES.STAFF_ACCESS_END_INVALID).optional(),
});
export type StaffInviteBody = z.input<typeof staffInviteBodySchema>;

export const staffMemberBodySchema = z.object({ user_id: z.uuid({ error: MESSAGES.STAFF_NOT_FOUND }) });

/** Where a staff member works (issue 19): offshore staff open only files whose client said Yes to §7216. */
export const staffLocationBodySchema = staffMemberBodySchema.extend({
  location: z.enum(STAFF_LOCATIONS, { error: MESSAGES.STAFF_LOCATION_REQUIRED }),
});
export type StaffLocationBody = z.input<typeof staffLocationBodySchema>;

/** A seasonal member's last day of access (issue 36), or null to remove the end. */
export const staffAccessEndBodySchema = staffMemberBodySchema.extend({
  access_ends_on: optionalIsoDayField(MESSAGES.STAFF_ACCESS_END_INVALID),
});
export type StaffAccessEndBody = z.input<typeof staffAccessEndBodySchema>;

/** The access review (admins): who can work which files, as CSV. */
export const STAFF_ACCESS_REVIEW_PATH = '/api/staff/team/access-review';
