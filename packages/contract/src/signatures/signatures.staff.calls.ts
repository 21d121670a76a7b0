import { defineCall } from '../call.ts';
import { emptyBodySchema } from '../common.ts';
import { SIGNATURE_DOCUMENT_FIELD, SIGNATURE_RETURN_FIELD } from './signatures.constants.ts';
import {
  signatureMessageResponseSchema,
  signaturePdfRule,
  staffSignaturesCreateFieldsSchema,
  staffSignaturesCreateResponseSchema,
  staffSignaturesListBodySchema,
  staffSignaturesListResponseSchema,
  staffSignaturesReopenBodySchema,
  staffSignaturesSpouseResendBodySchema,
  staffSignaturesSpouseRevokeBodySchema,
  staffSignaturesVoidBodySchema,
  staffSignatureTemplateRemoveBodySchema,
  staffSignatureTemplateSaveFieldsSchema,
  staffSignatureTemplatesResponseSchema,
} from './signatures.staff.schemas.ts';

/** Documents to sign in the staff console (file-assignment and offshore rules apply). */
export const signaturesStaffCalls = {
  staffSignaturesCreate: defineCall({
    path: 'staff/signatures/create',
    body: staffSignaturesCreateFieldsSchema,
    response: staffSignaturesCreateResponseSchema,
    access: 'staff',
    contentType: 'multipart',
    files: { [SIGNATURE_DOCUMENT_FIELD]: signaturePdfRule, [SIGNATURE_RETURN_FIELD]: signaturePdfRule },
    summary:
      'Put a PDF up for the taxpayer, the spouse or both to sign, with where the marks go (and the return).',
  }),
  staffSignaturesList: defineCall({
    path: 'staff/signatures/list',
    body: staffSignaturesListBodySchema,
    response: staffSignaturesListResponseSchema,
    access: 'staff',
    summary: "A client's documents to sign for a tax year: signers, evidence, signed files and hashes.",
  }),
  staffSignaturesVoid: defineCall({
    path: 'staff/signatures/void',
    body: staffSignaturesVoidBodySchema,
    response: signatureMessageResponseSchema,
    access: 'staff',
    summary: 'Withdraw a document that is not yet signed, with a reason (it is kept, never deleted).',
  }),
  staffSignaturesReopen: defineCall({
    path: 'staff/signatures/reopen',
    body: staffSignaturesReopenBodySchema,
    response: signatureMessageResponseSchema,
    access: 'staff',
    summary: 'Reopen a document locked after too many wrong codes: signing works again, the count restarts.',
  }),
  staffSignaturesSpouseRevoke: defineCall({
    path: 'staff/signatures/spouse/revoke',
    body: staffSignaturesSpouseRevokeBodySchema,
    response: signatureMessageResponseSchema,
    access: 'staff',
    summary: "Make the spouse's signing link stop working at once.",
  }),
  staffSignaturesSpouseResend: defineCall({
    path: 'staff/signatures/spouse/resend',
    body: staffSignaturesSpouseResendBodySchema,
    response: signatureMessageResponseSchema,
    access: 'staff',
    summary: 'E-mail the spouse a new signing link (optionally to a corrected address); the old link dies.',
  }),
  staffSignatureTemplatesList: defineCall({
    path: 'staff/signatures/templates/list',
    body: emptyBodySchema,
    response: staffSignatureTemplatesResponseSchema,
    access: 'staff',
    summary:
      "The firm's documents to sign kept once (an engagement letter), for a bulk action or an automation.",
  }),
  staffSignatureTemplatesSave: defineCall({
    path: 'staff/signatures/templates/save',
    body: staffSignatureTemplateSaveFieldsSchema,
    response: staffSignatureTemplatesResponseSchema,
    access: 'admin',
    contentType: 'multipart',
    files: { [SIGNATURE_DOCUMENT_FIELD]: signaturePdfRule },
    summary:
      'Keep a PDF to sign once (its kind and title) for bulk actions and automations; answers the list.',
  }),
  staffSignatureTemplatesRemove: defineCall({
    path: 'staff/signatures/templates/remove',
    body: staffSignatureTemplateRemoveBodySchema,
    response: staffSignatureTemplatesResponseSchema,
    access: 'admin',
    summary: 'Stop offering a kept document to sign (documents already sent stay); answers the list.',
  }),
} as const;
