import { defineCall } from '../call.ts';
import {
  accountSignaturesCodeBodySchema,
  accountSignaturesListBodySchema,
  accountSignaturesListResponseSchema,
  accountSignaturesOpenBodySchema,
  accountSignaturesPaperBodySchema,
  accountSignaturesSignBodySchema,
  signatureCodeResponseSchema,
  signatureOpenResponseSchema,
  signaturePaperResponseSchema,
  signatureSignedResponseSchema,
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
