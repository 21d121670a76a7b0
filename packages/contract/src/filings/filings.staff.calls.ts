import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import {
  staffClientBodySchema,
  staffClientResponseSchema,
  staffNoteBodySchema,
  staffStatusBodySchema,
  staffFileNumberBodySchema,
  staffAssignBodySchema,
} from './filings.staff.schemas.ts';

/** One client's file from the console: read it, move its status, number it, assign it, note on it. */
export const filingsStaffCalls = {
  staffClient: defineCall({
    path: 'staff/clients/get',
    body: staffClientBodySchema,
    response: staffClientResponseSchema,
    access: 'staff',
    summary:
      "One client's account, filing and status history (audited); an analyst's triage view of an unassigned To Be Assigned file.",
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
  staffAddNote: defineCall({
    path: 'staff/clients/notes/add',
    body: staffNoteBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: "Add an internal note to the client's file (never shown to the client).",
  }),
} as const;
