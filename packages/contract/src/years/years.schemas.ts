/**
 * Every year in the vault (issue 38): the tax years a client has with the firm, one year's record (status,
 * summaries, the filed return and the signed Form 8879, invoices and receipts, uploads and the checklist), and
 * the year as one ZIP. A year other than the current one is closed: shown, downloadable, never written.
 */
import { z } from 'zod';
import { envelope } from '../common.ts';
import { DELIVERABLE_STATUSES } from '../deliverables/deliverables.constants.ts';
import { clientInvoiceSchema } from '../invoices/invoices.schemas.ts';
import { MESSAGES } from '../messages.ts';
import {
  receivedByCategorySchema,
  requestItemSchema,
  requestProgressSchema,
} from '../requests/requests.schemas.ts';
import { SIGNATURE_DOCUMENT_KINDS } from '../signatures/signatures.constants.ts';
import { FILE_STATUSES } from '../statuses.ts';

/** A tax year as the client picks it: a whole year the firm could have filed. */
export const yearField = z.coerce
  .number({ error: MESSAGES.YEAR_NOT_FOUND })
  .int({ error: MESSAGES.YEAR_NOT_FOUND })
  .min(2000, { error: MESSAGES.YEAR_NOT_FOUND })
  .max(2100, { error: MESSAGES.YEAR_NOT_FOUND });

/** One tax year in the switcher. */
export const yearSummarySchema = z.object({
  tax_year: z.number().int(),
  status: z.enum(FILE_STATUSES),
  /** Not the firm's current tax year: shown and downloaded, never changed. */
  closed: z.boolean(),
});
export type YearSummary = z.infer<typeof yearSummarySchema>;

export const accountYearsListBodySchema = z.object({});
export const accountYearsListResponseSchema = envelope({
  current_tax_year: z.number().int(),
  /** Newest first. */
  years: z.array(yearSummarySchema),
});
export type AccountYearsList = z.infer<typeof accountYearsListResponseSchema>;

/** A published tax summary of the year; `url` is empty while it is held until the year's invoice is paid. */
export const yearSummaryFileSchema = z.object({
  summary_id: z.string(),
  title: z.string(),
  status_label: z.string(),
  url: z.string(),
  held_until_paid: z.boolean(),
});

/** A document the client signed for the year (the Form 8879 among them), with the signed PDF's link. */
export const yearSignedDocumentSchema = z.object({
  document_id: z.string(),
  kind: z.enum(SIGNATURE_DOCUMENT_KINDS),
  kind_label: z.string(),
  title: z.string(),
  signed_at: z.string().nullable(),
  /** Null for a household delegate, who never opens a tax form with identity numbers in full. */
  signed_url: z.string().nullable(),
  /** The full return that went with it (the filed return): downloaded through account/years/return. */
  has_return: z.boolean(),
});

/** What the firm filed besides the federal return, and how far each got. */
export const yearDeliverableSchema = z.object({
  kind_label: z.string(),
  status: z.enum(DELIVERABLE_STATUSES),
  status_label: z.string(),
});

export const accountYearsGetBodySchema = z.object({ tax_year: yearField });
export const accountYearsGetResponseSchema = envelope({
  ...yearSummarySchema.shape,
  /** Closed years are read-only: nothing on the page changes anything. */
  read_only: z.boolean(),
  summaries: z.array(yearSummaryFileSchema),
  signed: z.array(yearSignedDocumentSchema),
  deliverables: z.array(yearDeliverableSchema),
  /** Sent invoices of the year; each payment carries its receipt link. */
  invoices: z.array(clientInvoiceSchema),
  progress: requestProgressSchema,
  checklist: z.array(requestItemSchema),
  uploads: receivedByCategorySchema,
});
export type AccountYear = z.infer<typeof accountYearsGetResponseSchema>;

/** A short-lived link that opens a file of the year (after a fresh step-up). */
export const yearLinkResponseSchema = envelope({
  url: z.string(),
  /** Seconds the link stays valid. */
  expires_in: z.number().int(),
});

export const accountYearsReturnBodySchema = z.object({
  document_id: z.uuid({ error: MESSAGES.YEAR_RETURN_NOT_FOUND }),
});
export const accountYearsZipBodySchema = z.object({ tax_year: yearField });
