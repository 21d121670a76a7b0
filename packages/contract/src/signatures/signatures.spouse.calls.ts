import { defineCall } from '../call.ts';
import {
  signatureCodeResponseSchema,
  signatureOpenResponseSchema,
  signatureSignedResponseSchema,
} from './signatures.schemas.ts';
import {
  spouseSignatureCodeBodySchema,
  spouseSignatureGetBodySchema,
  spouseSignatureGetResponseSchema,
  spouseSignatureOpenBodySchema,
  spouseSignatureSignBodySchema,
} from './signatures.spouse.schemas.ts';

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
