import { defineCall } from '../call.ts';
import {
  staffProfileBodySchema,
  staffProfileResponseSchema,
  staffRevealBodySchema,
  staffRevealResponseSchema,
} from './profile.staff.schemas.ts';

/** The client page's profile and its identity-number reveals (every read is audited). */
export const profileStaffCalls = {
  staffProfile: defineCall({
    path: 'staff/clients/profile',
    body: staffProfileBodySchema,
    response: staffProfileResponseSchema,
    access: 'staff',
    summary: "A client's tax profile, read-only, identity numbers masked (audited).",
  }),
  staffRevealIdentity: defineCall({
    path: 'staff/clients/profile/reveal',
    body: staffRevealBodySchema,
    response: staffRevealResponseSchema,
    access: 'staff',
    summary: "One identity number of a client's profile in full (audited, one row per reveal).",
  }),
} as const;
