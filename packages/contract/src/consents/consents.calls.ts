import { defineCall } from '../call.ts';
import { emptyBodySchema } from '../common.ts';
import {
  accountConsentsGetResponseSchema,
  accountConsentsSaveBodySchema,
  accountConsentsSaveResponseSchema,
} from './consents.schemas.ts';

/** The terms and the IRC §7216 consent (identity from the session only). */
export const consentsCalls = {
  accountConsentsGet: defineCall({
    path: 'account/consents/get',
    body: emptyBodySchema,
    response: accountConsentsGetResponseSchema,
    access: 'client',
    summary: "The session client's recorded terms and §7216 answer, and whether to ask now.",
  }),
  accountConsentsSave: defineCall({
    path: 'account/consents/save',
    body: accountConsentsSaveBodySchema,
    response: accountConsentsSaveResponseSchema,
    access: 'client',
    summary:
      'Answer the §7216 offshore-disclosure question Yes or No (and accept the terms if never recorded).',
  }),
} as const;
