import { defineCall } from '../call.ts';
import {
  accountOrganizerGetBodySchema,
  accountOrganizerGetResponseSchema,
  accountOrganizerSaveBodySchema,
  accountOrganizerSaveResponseSchema,
  accountOrganizerSubmitBodySchema,
  accountOrganizerSubmitResponseSchema,
} from './organizer.schemas.ts';

/** The client's organizer of the year (issue 37). */
export const organizerCalls = {
  accountOrganizerGet: defineCall({
    path: 'account/organizer/get',
    body: accountOrganizerGetBodySchema,
    response: accountOrganizerGetResponseSchema,
    access: 'client',
    summary: "The session client's organizer of the year: its questions, answers so far, and last year's.",
  }),
  accountOrganizerSave: defineCall({
    path: 'account/organizer/save',
    body: accountOrganizerSaveBodySchema,
    response: accountOrganizerSaveResponseSchema,
    access: 'client',
    summary: 'Keep the answers so far (hidden questions dropped); resumable on any device.',
  }),
  accountOrganizerSubmit: defineCall({
    path: 'account/organizer/submit',
    body: accountOrganizerSubmitBodySchema,
    response: accountOrganizerSubmitResponseSchema,
    access: 'client',
    summary:
      'Send the organizer to the preparer: every required answer given; the checklist gains its documents.',
  }),
} as const;
