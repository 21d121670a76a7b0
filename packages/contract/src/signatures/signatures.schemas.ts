/** Documents to sign: what both sides read of a document, and the taxpayer's calls (identity from the session). */
import { z } from 'zod';
import { envelope, taxYearField } from '../common.ts';
import {
  SIGNATURE_DOCUMENT_KINDS,
  SIGNATURE_DOCUMENT_STATUSES,
  SIGNER_ROLES,
} from './signatures.constants.ts';
import { documentIdField, partField, signFields } from './signatures.fields.ts';

export const signerSummarySchema = z.object({
  role: z.enum(SIGNER_ROLES),
  name: z.string(),
  /** Staff only: the address the code and (spouse) link go to; masked for the client. */
  email: z.string(),
  opened_at: z.string().nullable(),
  return_opened_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  /** Staff only: "password + e-mailed code", "e-mailed link + e-mailed code". */
  verification: z.string().nullable().optional(),
});
export type SignerSummary = z.infer<typeof signerSummarySchema>;

export const signatureDocumentSchema = z.object({
  document_id: z.string(),
  kind: z.enum(SIGNATURE_DOCUMENT_KINDS),
  title: z.string(),
  tax_year: z.number().int(),
  status: z.enum(SIGNATURE_DOCUMENT_STATUSES),
  created_at: z.string(),
  /** There is a full return to open before signing. */
  has_return: z.boolean(),
  signers: z.array(signerSummarySchema),
  /** The session's own part (client: the taxpayer's signer row), or null when they do not sign it. */
  my_role: z.enum(SIGNER_ROLES).nullable(),
  signed_at: z.string().nullable(),
  /** Signed link to the signed PDF once every signer has signed; null before. */
  signed_url: z.string().nullable(),
  /** SHA-256 of the signed file (hex); null before. */
  signed_sha256: z.string().nullable(),
  /** For "paper": the checklist item the wet-signed pages go to. */
  paper_item_id: z.string().nullable(),
  /** Locked after too many wrong codes (S2-06): nobody signs until staff reopen it. */
  locked: z.boolean(),
});
export type SignatureDocument = z.infer<typeof signatureDocumentSchema>;

// ---- client calls (identity from the session only) ----

export const accountSignaturesListBodySchema = z.object({ taxy: taxYearField });
export const accountSignaturesListResponseSchema = envelope({
  /** Pending first, then newest first. Void documents are left out. */
  documents: z.array(signatureDocumentSchema),
  /** Documents waiting on the session's signature ("Ready to sign"). */
  to_sign: z.number().int(),
});

export const accountSignaturesOpenBodySchema = z.object({ document_id: documentIdField, part: partField });
/** A short-lived signed link; serving the file records that this signer opened it. */
export const signatureOpenResponseSchema = envelope({ url: z.string(), expires_in: z.number().int() });

/** Send the one-time code to the signer's e-mail (after the fresh password/authenticator step). */
export const accountSignaturesCodeBodySchema = z.object({ document_id: documentIdField });
export const signatureCodeResponseSchema = envelope({
  /** Where it went, masked ("a•••@example.com"). */
  sent_to: z.string(),
  expires_in: z.number().int(),
});

export const accountSignaturesSignBodySchema = z.object({ document_id: documentIdField, ...signFields });
export const signatureSignedResponseSchema = envelope({
  /** Every signer has now signed: the signed PDF exists. */
  complete: z.boolean(),
  signed_url: z.string().nullable(),
});

/** "Print, sign and upload instead": the document becomes a checklist item for the wet-signed pages. */
export const accountSignaturesPaperBodySchema = z.object({ document_id: documentIdField });
export const signaturePaperResponseSchema = envelope({ item_id: z.string(), tax_year: z.number().int() });
