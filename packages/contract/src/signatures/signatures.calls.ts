import { defineCall } from '../call.ts';
import { SIGNATURE_DOCUMENT_FIELD, SIGNATURE_RETURN_FIELD } from './signatures.constants.ts';
import {
  accountSignaturesCodeBodySchema,
  accountSignaturesListBodySchema,
  accountSignaturesListResponseSchema,
  accountSignaturesOpenBodySchema,
  accountSignaturesPaperBodySchema,
  accountSignaturesSignBodySchema,
  signatureCodeResponseSchema,
  signatureMessageResponseSchema,
  signatureOpenResponseSchema,
  signaturePaperResponseSchema,
  signaturePdfRule,
  signatureSignedResponseSchema,
  spouseSignatureCodeBodySchema,
  spouseSignatureGetBodySchema,
  spouseSignatureGetResponseSchema,
  spouseSignatureOpenBodySchema,
  spouseSignatureSignBodySchema,
  staffSignaturesCreateFieldsSchema,
  staffSignaturesCreateResponseSchema,
  staffSignaturesListBodySchema,
  staffSignaturesListResponseSchema,
  staffSignaturesReopenBodySchema,
  staffSignaturesSpouseResendBodySchema,
  staffSignaturesSpouseRevokeBodySchema,
  staffSignaturesVoidBodySchema,
} from './signatures.schemas.ts';

/** Documents to sign: the taxpayer's side (identity from the session only). */
export const signaturesCalls = {
  accountSignaturesList: defineCall({
    path: 'account/signatures/list',
    body: accountSignaturesListBodySchema,
    response: accountSignaturesListResponseSchema,
    access: 'client',
    summary: "The session client's documents to sign and signed, with who has signed.",
  }),
  accountSignaturesOpen: defineCall({
    path: 'account/signatures/open',
    body: accountSignaturesOpenBodySchema,
    response: signatureOpenResponseSchema,
    access: 'client',
    summary: 'A link to the whole document (or the full return) to read before signing; opening is recorded.',
  }),
  accountSignaturesCode: defineCall({
    path: 'account/signatures/code',
    body: accountSignaturesCodeBodySchema,
    response: signatureCodeResponseSchema,
    access: 'client',
    summary: 'After a fresh password or authenticator step: e-mail the signer a one-time code.',
  }),
  accountSignaturesSign: defineCall({
    path: 'account/signatures/sign',
    body: accountSignaturesSignBodySchema,
    response: signatureSignedResponseSchema,
    access: 'client',
    summary: 'Sign an opened document with the e-mailed code, a typed or drawn signature and consent.',
  }),
  accountSignaturesPaper: defineCall({
    path: 'account/signatures/paper',
    body: accountSignaturesPaperBodySchema,
    response: signaturePaperResponseSchema,
    access: 'client',
    summary: 'Print, sign and upload instead: the document becomes a checklist item for the signed pages.',
  }),
} as const;

/** The spouse signs from an e-mailed link, without an account: the link's token is the only identity. */
export const spouseSignaturesCalls = {
  spouseSignatureGet: defineCall({
    path: 'signatures/spouse/get',
    body: spouseSignatureGetBodySchema,
    response: spouseSignatureGetResponseSchema,
    access: 'public',
    summary: "What the spouse's link is for: the document, the signer and how far along it is.",
  }),
  spouseSignatureOpen: defineCall({
    path: 'signatures/spouse/open',
    body: spouseSignatureOpenBodySchema,
    response: signatureOpenResponseSchema,
    access: 'public',
    summary: 'A link to the whole document (or the return) for the spouse; opening is recorded.',
  }),
  spouseSignatureCode: defineCall({
    path: 'signatures/spouse/code',
    body: spouseSignatureCodeBodySchema,
    response: signatureCodeResponseSchema,
    access: 'public',
    summary: "E-mail a one-time code to the spouse's address on the document.",
  }),
  spouseSignatureSign: defineCall({
    path: 'signatures/spouse/sign',
    body: spouseSignatureSignBodySchema,
    response: signatureSignedResponseSchema,
    access: 'public',
    summary: 'The spouse signs an opened document with the e-mailed code, a signature and consent.',
  }),
} as const;

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
} as const;
