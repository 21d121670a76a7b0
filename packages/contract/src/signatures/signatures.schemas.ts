import { z } from 'zod';
import type { FileRule } from '../call.ts';
import {
  clientIdField,
  emailField,
  envelope,
  hasNoNul,
  optionalText,
  requiredText,
  taxYearField,
} from '../common.ts';
import { HIDDEN_MAX_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  SIGNATURE_DOCUMENT_KINDS,
  SIGNATURE_DOCUMENT_STATUSES,
  SIGNATURE_MAX_UPLOAD_BYTES,
  SIGNATURE_PNG_MAX_CHARS,
  SIGNATURE_TEXT_MAX,
  SIGNER_CHOICES,
  SIGNER_ROLES,
} from './signatures.constants.ts';

/** A PDF to sign, or the return to open first: one PDF under 25 MB, checked by content. */
export const signaturePdfRule: FileRule = {
  types: ['application/pdf'],
  extensions: ['.pdf'],
  maxBytes: SIGNATURE_MAX_UPLOAD_BYTES,
  minBytes: HIDDEN_MAX_BYTES,
  maxFiles: 1,
  messages: {
    tooLarge: MESSAGES.SIGNATURE_PDF_TOO_LARGE,
    tooSmall: MESSAGES.UPLOAD_TOO_SMALL,
    wrongType: MESSAGES.SIGNATURE_PDF_ONLY,
  },
};

const documentIdField = z.uuid({ error: MESSAGES.SIGNATURE_NOT_FOUND });
/** The spouse's e-mailed link token (opaque; only its hash is stored). */
const linkTokenField = requiredText(MESSAGES.SIGNATURE_LINK_INVALID, 200);
/** Which file to open: the document to sign, or the full return that goes with it. */
const partField = z.enum(['document', 'return'], { error: MESSAGES.SIGNATURE_NOT_FOUND });
const codeField = z
  .string({ error: MESSAGES.SIGNATURE_CODE_REQUIRED })
  .trim()
  .regex(/^\d{6}$/, { error: MESSAGES.SIGNATURE_CODE_REQUIRED });

/** Typed (the name as typed, rendered in a script face) or drawn (a PNG from the signature pad). */
export const signatureInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('typed'),
      text: requiredText(MESSAGES.SIGNATURE_TEXT_REQUIRED, SIGNATURE_TEXT_MAX),
    }),
    z.object({
      kind: z.literal('drawn'),
      png: z
        .string({ error: MESSAGES.SIGNATURE_DRAWING_REQUIRED })
        .max(SIGNATURE_PNG_MAX_CHARS, { error: MESSAGES.SIGNATURE_DRAWING_TOO_LARGE })
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: MESSAGES.SIGNATURE_DRAWING_REQUIRED }),
    }),
  ],
  { error: MESSAGES.SIGNATURE_TEXT_REQUIRED },
);
export type SignatureInput = z.infer<typeof signatureInputSchema>;

const signFields = {
  code: codeField,
  signature: signatureInputSchema,
  /** "I agree to sign this document electronically." */
  agree: z.literal(true, { error: MESSAGES.SIGNATURE_AGREE_REQUIRED }),
};

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

// ---- the spouse's e-mailed link (no account; the token is the capability) ----

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

// ---- staff calls (file-assignment and offshore rules apply) ----

const placementNumber = (max: number, int = false) => {
  const n = z.coerce.number({ error: MESSAGES.SIGNATURE_PLACEMENT_INVALID });
  return (int ? n.int({ error: MESSAGES.SIGNATURE_PLACEMENT_INVALID }) : n)
    .min(0, { error: MESSAGES.SIGNATURE_PLACEMENT_INVALID })
    .max(max, { error: MESSAGES.SIGNATURE_PLACEMENT_INVALID });
};
const placementSchema = z.object(
  { page: placementNumber(500, true), x: placementNumber(1), y: placementNumber(1) },
  { error: MESSAGES.SIGNATURE_PLACEMENT_INVALID },
);
const placementsSchema = z.object(
  { signature: placementSchema, date: placementSchema },
  { error: MESSAGES.SIGNATURE_PLACEMENT_INVALID },
);

/**
 * The fields of the multipart create: the file (and return) come as `document` and `return`. `placements`
 * is JSON: `{ taxpayer?: { signature, date }, spouse?: { signature, date } }`; a missing one takes the kind's
 * default (DEFAULT_PLACEMENTS).
 */
export const staffSignaturesCreateFieldsSchema = z.object({
  client_id: clientIdField,
  taxy: taxYearField,
  kind: z.enum(SIGNATURE_DOCUMENT_KINDS, { error: MESSAGES.SIGNATURE_KIND_REQUIRED }),
  title: requiredText(MESSAGES.SIGNATURE_TITLE_REQUIRED, 200),
  signers: z.enum(SIGNER_CHOICES, { error: MESSAGES.SIGNATURE_SIGNERS_REQUIRED }),
  /** Required when the spouse signs: prefilled from the profile in the console. */
  spouse_name: optionalText(100),
  spouse_email: z
    .string()
    .trim()
    .max(254)
    .refine(hasNoNul, { error: MESSAGES.TEXT_NUL })
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(emailField().optional()),
  placements: z
    .string()
    .max(2000)
    .optional()
    .transform((text, ctx) => {
      if (!text) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: MESSAGES.SIGNATURE_PLACEMENT_INVALID });
        return z.NEVER;
      }
    })
    .pipe(
      z.object(
        { taxpayer: placementsSchema.optional(), spouse: placementsSchema.optional() },
        { error: MESSAGES.SIGNATURE_PLACEMENT_INVALID },
      ),
    ),
});
export const staffSignaturesCreateResponseSchema = envelope({ document_id: z.string() });

export const staffSignaturesListBodySchema = z.object({ client_id: clientIdField, taxy: taxYearField });
export const staffSignatureDocumentSchema = signatureDocumentSchema.extend({
  /** Signed links for staff: the unsigned PDF and the return. */
  document_url: z.string(),
  return_url: z.string().nullable(),
  sha256: z.string(),
  void_reason: z.string().nullable(),
  reminders_sent: z.number().int(),
  last_reminded_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** The spouse's link: working, revoked (or never sent), ended; null when the spouse does not sign. */
  spouse_link: z.enum(['active', 'revoked', 'ended']).nullable(),
});
export type StaffSignatureDocument = z.infer<typeof staffSignatureDocumentSchema>;
export const staffSignaturesListResponseSchema = envelope({
  documents: z.array(staffSignatureDocumentSchema),
  /** Every required signature on a Form 8879 of this year is in: the file may move to Pre E-Filing Pending. */
  efile_ready: z.boolean(),
  /** Prefill for the spouse signer, from the client's tax profile (null when there is no spouse). */
  spouse: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  expires_in: z.number().int(),
});

export const staffSignaturesVoidBodySchema = z.object({
  document_id: documentIdField,
  reason: requiredText(MESSAGES.SIGNATURE_VOID_REASON_REQUIRED, 500),
});

export const signatureMessageResponseSchema = envelope({});

// ---- Security review 2 (S2-05, S2-06): reopen a locked document; revoke or resend the spouse's link ----

export const staffSignaturesReopenBodySchema = z.object({ document_id: documentIdField });
export const staffSignaturesSpouseRevokeBodySchema = z.object({ document_id: documentIdField });
export const staffSignaturesSpouseResendBodySchema = z.object({
  document_id: documentIdField,
  /** A corrected address; the one on the document when left out. */
  spouse_email: z
    .string()
    .trim()
    .max(254)
    .refine(hasNoNul, { error: MESSAGES.TEXT_NUL })
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(emailField().optional()),
});
