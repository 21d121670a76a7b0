/**
 * Passkeys (WebAuthn credentials) of clients and staff (issue 38). The browser's answers travel as the JSON
 * that @simplewebauthn/browser makes of them (base64url fields); the options the server hands out are
 * passed through as the library makes them.
 */
import { z } from 'zod';
import { envelope, hasNoNul } from '../common.ts';
import { MESSAGES } from '../messages.ts';

/** The most passkeys one account keeps. */
export const MAX_PASSKEYS = 10;
export const MAX_PASSKEY_NAME = 60;

const base64url = (max: number) =>
  z
    .string({ error: MESSAGES.PASSKEY_REFUSED })
    .max(max, { error: MESSAGES.PASSKEY_REFUSED })
    .regex(/^[A-Za-z0-9_-]*$/, { error: MESSAGES.PASSKEY_REFUSED });

const credentialBase = {
  id: base64url(1024).min(1, { error: MESSAGES.PASSKEY_REFUSED }),
  rawId: base64url(1024),
  type: z.literal('public-key', { error: MESSAGES.PASSKEY_REFUSED }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** What navigator.credentials.create() answered (a new passkey). */
export const registrationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(32_768).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** What navigator.credentials.get() answered (a passkey's signature over a challenge). */
export const authenticationCredentialSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
});
export type AuthenticationCredential = z.input<typeof authenticationCredentialSchema>;

/** The options for the browser's WebAuthn call, as the server's library makes them. */
export const passkeyOptionsResponseSchema = envelope({
  options: z.looseObject({ challenge: z.string() }),
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO timestamps. */
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListResponseSchema = envelope({ passkeys: z.array(passkeySchema) });

export const passkeyNameField = z
  .string({ error: MESSAGES.PASSKEY_NAME_REQUIRED })
  .trim()
  .min(1, { error: MESSAGES.PASSKEY_NAME_REQUIRED })
  .max(MAX_PASSKEY_NAME, { error: MESSAGES.PASSKEY_NAME_TOO_LONG })
  .refine(hasNoNul, { error: MESSAGES.TEXT_NUL });

/** The account page's "Add a passkey" form: the name, before the browser's prompt. */
export const passkeyNameFormSchema = z.object({ name: passkeyNameField });

export const passkeyRegisterBodySchema = z.object({
  name: passkeyNameField,
  credential: registrationCredentialSchema,
});
export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBodySchema>;

export const passkeyRemoveBodySchema = z.object({
  id: z.uuid({ error: MESSAGES.PASSKEY_NOT_FOUND }),
});

export const passkeyLoginBodySchema = z.object({ credential: authenticationCredentialSchema });
export type PasskeyLoginBody = z.input<typeof passkeyLoginBodySchema>;
