import { z } from 'zod';
import { clientIdField, envelope, fileFields, taxYearField } from '../common.ts';
import { DOCUMENT_CATEGORY_NAMES } from '../constants.ts';

/** A client's documents for a tax year (the current one unless `taxy` is given). */
export const staffDocumentsBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });

/** One uploaded document, with short-lived signed links for this staff member only. */
export const staffDocumentSchema = z.object({
  document_id: z.string(),
  ...fileFields,
  uploaded_at: z.string(),
  /** Who uploaded it, by name: the holder or a household member (issue 38); null when unknown. */
  uploaded_by: z.string().nullable().optional(),
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
