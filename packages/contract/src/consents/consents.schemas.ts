import { z } from 'zod';
import { envelope, requiredText } from '../common.ts';
import { MESSAGES } from '../messages.ts';

/** The §7216 answer as the console and the client area show it. */
export const OFFSHORE_CONSENT_STATES = ['yes', 'no', 'unanswered', 'expired'] as const;
export type OffshoreConsentState = (typeof OFFSHORE_CONSENT_STATES)[number];

export const consentRecordSchema = z.object({
  version: z.string(),
  granted: z.boolean(),
  /** The typed name that signed it (§7216); null for terms. */
  signature: z.string().nullable(),
  at: z.string(),
  expires_at: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/**
 * A consent record as staff see it on the client's file (issue 33): the client's own view plus the evidence
 * recorded with it, the IP address and browser (user agent) it was given from. Never in a client's answer.
 */
export const staffConsentRecordSchema = consentRecordSchema.extend({
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type StaffConsentRecord = z.infer<typeof staffConsentRecordSchema>;

export const accountConsentsGetResponseSchema = envelope({
  /** The current versions of the texts (what a save records). */
  terms_version: z.string(),
  offshore_version: z.string(),
  /** The §7216 consent as it is shown and signed: its title and paragraphs, with the firm's and client's names. */
  offshore_title: z.string(),
  offshore_text: z.array(z.string()),
  /** The name the consent is made out to (the client's), which the signer types. */
  taxpayer_name: z.string(),
  /** The terms accepted (at registration, or here), or null when never recorded. */
  terms: consentRecordSchema.nullable(),
  /** The §7216 answer in force, or null when never asked. */
  offshore: consentRecordSchema.nullable(),
  offshore_state: z.enum(OFFSHORE_CONSENT_STATES),
  /** Ask now: the terms were never recorded, or the §7216 question is unanswered or its Yes has run out. */
  needs_answer: z.boolean(),
});

/**
 * The client's answers. `offshore` is the §7216 question, Yes or No, signed by typing one's name (a No is
 * recorded the same way). `accept_terms` records the terms when they were never recorded.
 */
export const accountConsentsSaveBodySchema = z.object({
  accept_terms: z.literal(true).optional(),
  offshore: z.enum(['yes', 'no'], { error: MESSAGES.CONSENT_ANSWER_REQUIRED }),
  signature: requiredText(MESSAGES.CONSENT_SIGNATURE_REQUIRED, 100),
});
export type AccountConsentsSaveBody = z.input<typeof accountConsentsSaveBodySchema>;
export const accountConsentsSaveResponseSchema = envelope({
  offshore_state: z.enum(OFFSHORE_CONSENT_STATES),
});
