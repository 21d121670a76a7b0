/** Documents to sign in the staff console (file-assignment and offshore rules apply). */
import { z } from 'zod';
import type { FileRule } from '../call.ts';
import {
  clientIdField,
  envelope,
  optionalEmailField,
  optionalText,
  requiredText,
  taxYearField,
} from '../common.ts';
import { HIDDEN_MAX_BYTES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import {
  SIGNATURE_DOCUMENT_KINDS,
  SIGNATURE_MAX_UPLOAD_BYTES,
  SIGNER_CHOICES,
} from './signatures.constants.ts';
import { documentIdField } from './signatures.fields.ts';
import { signatureDocumentSchema } from './signatures.schemas.ts';

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
  spouse_email: optionalEmailField(),
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
  spouse_email: optionalEmailField(),
});

// ---- The firm's documents to sign kept once (issue 36): sent by a bulk action or an automation ----------

export const signatureTemplateSchema = z.object({
  template_id: z.string(),
  kind: z.enum(SIGNATURE_DOCUMENT_KINDS),
  title: z.string(),
  original_name: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type SignatureTemplate = z.infer<typeof signatureTemplateSchema>;
export const staffSignatureTemplatesResponseSchema = envelope({
  templates: z.array(signatureTemplateSchema),
});

/** A template's fields (multipart, with its PDF in the `document` field). */
export const staffSignatureTemplateSaveFieldsSchema = z.object({
  kind: z.enum(SIGNATURE_DOCUMENT_KINDS, { error: MESSAGES.SIGNATURE_KIND_REQUIRED }),
  title: requiredText(MESSAGES.SIGNATURE_TITLE_REQUIRED, 200),
});
export const staffSignatureTemplateRemoveBodySchema = z.object({
  template_id: z.uuid({ error: MESSAGES.SIGNATURE_TEMPLATE_NOT_FOUND }),
});
