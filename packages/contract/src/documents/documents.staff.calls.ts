import { defineCall } from '../call.ts';
import { staffDocumentsBodySchema, staffDocumentsResponseSchema } from './documents.staff.schemas.ts';

/** The client page's documents (every read is audited). */
export const documentsStaffCalls = {
  staffDocuments: defineCall({
    path: 'staff/clients/documents',
    body: staffDocumentsBodySchema,
    response: staffDocumentsResponseSchema,
    access: 'staff',
    summary:
      "A client's documents of a tax year by category, with signed preview, download and ZIP links (audited).",
  }),
} as const;
