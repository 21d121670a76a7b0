import { z } from 'zod';
import type { FileRule } from '../call.ts';
import { envelope, requiredText } from '../common.ts';
import { HIDDEN_MAX_BYTES, MAX_UPLOAD_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

export const taxSummarySchema = z.object({
  synopsys_title: z.string(),
  /** A short-lived signed download link; empty while the summary is held until paid. */
  synopsys_file: z.string(),
  synopsys_status: z.string(),
  /**
   * Held until the year's invoices are paid (the firm's setting, issue 20): listed as "available once paid",
   * with no link, and its download refused.
   */
  held_until_paid: z.boolean().optional(),
});
export type TaxSummary = z.infer<typeof taxSummarySchema>;
export const userSynopsysResponseSchema = envelope({ synopsysinfo: z.array(taxSummarySchema) });

/** A summary staff upload: a PDF under 6 MB. */
export const SUMMARY_FIELD = 'summary';
export const summaryRule: FileRule = {
  types: ['application/pdf'],
  extensions: ['.pdf'],
  maxBytes: MAX_UPLOAD_BYTES,
  minBytes: HIDDEN_MAX_BYTES,
  maxFiles: 1,
  messages: {
    tooLarge: MESSAGES.UPLOAD_TOO_LARGE,
    tooSmall: MESSAGES.UPLOAD_TOO_SMALL,
    wrongType: MESSAGES.SUMMARY_NOT_PDF,
  },
};

const clientIdField = z.uuid({ error: MESSAGES.CLIENT_NOT_FOUND });
const summaryIdField = z.uuid({ error: MESSAGES.SUMMARY_NOT_FOUND });

export const staffSummariesBodySchema = z.object({ client_id: clientIdField });
export const staffSummarySchema = z.object({
  summary_id: z.string(),
  title: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  status: z.enum(['draft', 'published', 'superseded']),
  created_at: z.string(),
  published_at: z.string().nullable(),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;
export const staffSummariesResponseSchema = envelope({ summaries: z.array(staffSummarySchema) });

/** The upload's text fields (the PDF travels in the `summary` file field). */
export const staffSummaryUploadFieldsSchema = z.object({
  client_id: clientIdField,
  title: requiredText(MESSAGES.SUMMARY_TITLE_REQUIRED, 120),
});
export const staffSummaryBodySchema = z.object({ summary_id: summaryIdField });
