import { defineCall } from '../call.ts';
import { envelopeSchema } from '../common.ts';
import { contactBodySchema } from './contact.schemas.ts';

export const contactCalls = {
  saveContactInfo: defineCall({
    path: 'savecontactinfo',
    body: contactBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary: 'Store a contact message for the staff inbox.',
  }),
} as const;
