/** The fields the signers' calls share: the document, the part to open, the code and the signature. */
import { z } from 'zod';
import { requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';
import { SIGNATURE_PNG_MAX_CHARS, SIGNATURE_TEXT_MAX } from './signatures.constants.ts';

export const documentIdField = z.uuid({ error: MESSAGES.SIGNATURE_NOT_FOUND });
/** Which file to open: the document to sign, or the full return that goes with it. */
export const partField = z.enum(['document', 'return'], { error: MESSAGES.SIGNATURE_NOT_FOUND });
export const codeField = z
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

export const signFields = {
  code: codeField,
  signature: signatureInputSchema,
  /** "I agree to sign this document electronically." */
  agree: z.literal(true, { error: MESSAGES.SIGNATURE_AGREE_REQUIRED }),
};
