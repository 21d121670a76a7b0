import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import {
  staffOrganizerDefinitionGetBodySchema,
  staffOrganizerDefinitionResponseSchema,
  staffOrganizerDefinitionSaveBodySchema,
  staffOrganizerGetBodySchema,
  staffOrganizerGetResponseSchema,
  staffOrganizerSaveBodySchema,
  staffOrganizerSendBodySchema,
} from './organizer.staff.schemas.ts';

/** The organizer on the client file, and the firm's questions (issue 37). */
export const organizerStaffCalls = {
  staffOrganizerGet: defineCall({
    path: 'staff/organizer/get',
    body: staffOrganizerGetBodySchema,
    response: staffOrganizerGetResponseSchema,
    access: 'staff',
    summary:
      "A file's organizer: answers, what changed from last year, and the FBAR, 8938, PFIC and credit findings.",
  }),
  staffOrganizerSave: defineCall({
    path: 'staff/organizer/save',
    body: staffOrganizerSaveBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: "Change a client's organizer answers, with the reason (audited).",
  }),
  staffOrganizerSend: defineCall({
    path: 'staff/organizer/send',
    body: staffOrganizerSendBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'Ask the client to fill in the organizer (an e-mail now, reminders on the request schedule).',
  }),
  staffOrganizerDefinitionGet: defineCall({
    path: 'staff/organizer/definition/get',
    body: staffOrganizerDefinitionGetBodySchema,
    response: staffOrganizerDefinitionResponseSchema,
    access: 'admin',
    summary: "The organizer's questions for a tax year, with the firm's changes.",
  }),
  staffOrganizerDefinitionSave: defineCall({
    path: 'staff/organizer/definition/save',
    body: staffOrganizerDefinitionSaveBodySchema,
    response: staffOrganizerDefinitionResponseSchema,
    access: 'admin',
    summary:
      "Turn the organizer's sections and questions off or on and keep the firm's own questions (a new version).",
  }),
} as const;
