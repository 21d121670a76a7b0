/** Documents to sign: the spouse's e-mailed link (no account; the token is the capability). */
import { z } from 'zod';
import { envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { SIGNATURE_DOCUMENT_KINDS, SIGNATURE_DOCUMENT_STATUSES } from './signatures.constants.ts';
import { codeField, partField, signFields } from './signatures.fields.ts';

/** The spouse's e-mailed link token (opaque; only its hash is stored). */
const linkTokenField = requiredText(MESSAGES.SIGNATURE_LINK_INVALID, 200);

export const spouseSignatureGetBodySchema = z.object({ token: linkTokenField });
export const spouseSignatureGetResponseSchema = envelope({
  firm_name: z.string(),
  signer_name: z.string(),
  title: z.string(),
  kind: z.enum(SIGNATURE_DOCUMENT_KINDS),
  tax_year: z.number().int(),
  status: z.enum(SIGNATURE_DOCUMENT_STATUSES),
  has_return: z.boolean(),
  opened: z.boolean(),
  return_opened: z.boolean(),
  signed_at: z.string().nullable(),
  /** Where the code goes, masked. */
  email: z.string(),
  /** Locked after too many wrong codes: the firm must reopen it. */
  locked: z.boolean(),
  /** Once signed and complete: a short-lived link to the signed file (the only file the link opens then). */
  signed_url: z.string().nullable(),
  /** Until when this link works (after signing: a few days). */
  link_ends_at: z.string().nullable(),
});
/** The spouse proves the e-mailed code before the document or the return is served (S2-05). */
export const spouseSignatureOpenBodySchema = z.object({
  token: linkTokenField,
  part: partField,
  code: codeField,
});
export const spouseSignatureCodeBodySchema = z.object({ token: linkTokenField });
export const spouseSignatureSignBodySchema = z.object({ token: linkTokenField, ...signFields });
