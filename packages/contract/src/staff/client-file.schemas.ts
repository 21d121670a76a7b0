import { z } from 'zod';
import { envelope } from '../common.ts';
import { DOCUMENT_CATEGORY_NAMES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  dependentInfoSchema,
  employerInfoSchema,
  spouseInfoSchema,
  taxpayerInfoSchema,
} from '../profile/profile.schemas.ts';
import { clientIdField, taxYearField } from './clients.schemas.ts';

/** A client's documents for a tax year (the current one unless `taxy` is given). */
export const staffDocumentsBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });

/** One uploaded document, with short-lived signed links for this staff member only. */
export const staffDocumentSchema = z.object({
  document_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  uploaded_at: z.string(),
  /** Opens in the browser (PDFs and images); null for a type that is only downloaded. */
  preview_url: z.string().nullable(),
  download_url: z.string(),
});
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

export const staffDocumentsResponseSchema = envelope({
  tax_year: z.number().int(),
  /** Every category in the portal's order, each with its documents (oldest first). */
  categories: z.array(
    z.object({
      category: z.enum(DOCUMENT_CATEGORY_NAMES),
      label: z.string(),
      documents: z.array(staffDocumentSchema),
    }),
  ),
  /** All documents as one ZIP; null when there are none. */
  zip_url: z.string().nullable(),
  zip_name: z.string(),
  /** How long the links stay valid, in seconds (the page fetches new ones before then). */
  links_ttl_s: z.number().int(),
});
export type StaffDocuments = z.infer<typeof staffDocumentsResponseSchema>;

/** The client's tax profile, read-only: identity numbers masked (`•••-••-1234`). */
export const staffProfileBodySchema = z.object({ client_id: clientIdField });
export const staffProfileResponseSchema = envelope({
  tinfo: taxpayerInfoSchema.nullable(),
  sinfo: spouseInfoSchema.nullable(),
  dinfo: z.array(dependentInfoSchema),
  empinfo: z.array(employerInfoSchema),
});
export type StaffProfile = z.infer<typeof staffProfileResponseSchema>;

/** Which identity number: `taxpayer.ssn`, `spouse.ssn` or `dependents.<id>.ssn` (also the audit subject). */
export const identitySubjectSchema = z
  .string()
  .regex(
    /^(taxpayer\.ssn|spouse\.ssn|dependents\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.ssn)$/i,
    {
      error: MESSAGES.INVALID_REQUEST,
    },
  );
export const staffRevealBodySchema = z.object({ client_id: clientIdField, subject: identitySubjectSchema });
export type StaffRevealBody = z.input<typeof staffRevealBodySchema>;
export const staffRevealResponseSchema = envelope({ subject: z.string(), value: z.string() });
