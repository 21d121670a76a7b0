import { defineCall } from '../call.ts';
import {
  staffDocumentsBodySchema,
  staffDocumentsResponseSchema,
  staffProfileBodySchema,
  staffProfileResponseSchema,
  staffRevealBodySchema,
  staffRevealResponseSchema,
} from './client-file.schemas.ts';

/** The client page's documents and profile (every read is audited). */
export const staffClientFileCalls = {
  staffDocuments: defineCall({
    path: 'staff/clients/documents',
    body: staffDocumentsBodySchema,
    response: staffDocumentsResponseSchema,
    access: 'staff',
    summary:
      "A client's documents of a tax year by category, with signed preview, download and ZIP links (audited).",
  }),
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
