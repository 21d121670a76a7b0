import { defineCall } from '../call.ts';
import { emptyBodySchema, envelopeSchema } from '../common.ts';
import { staffSessionResponseSchema } from '../staff/staff.schemas.ts';
import { loginResponseSchema } from './accounts.schemas.ts';
import { loginCodeSendBodySchema, loginCodeVerifyBodySchema } from './login-code.schemas.ts';
import {
  passkeyListResponseSchema,
  passkeyLoginBodySchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeyRemoveBodySchema,
} from './passkeys.schemas.ts';

/** Signing in without a password to remember (issue 38): passkeys for clients and staff, e-mailed codes. */
export const passkeysCalls = {
  passkeysList: defineCall({
    path: 'account/passkeys/list',
    body: emptyBodySchema,
    response: passkeyListResponseSchema,
    access: 'client',
    summary: "The session's own passkeys: name, when added, when last used.",
  }),
  passkeysRegisterOptions: defineCall({
    path: 'account/passkeys/register/options',
    body: emptyBodySchema,
    response: passkeyOptionsResponseSchema,
    access: 'client',
    summary: 'Start adding a passkey (after a step-up): the options for navigator.credentials.create().',
  }),
  passkeysRegisterVerify: defineCall({
    path: 'account/passkeys/register/verify',
    body: passkeyRegisterBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "Finish adding a passkey with the browser's answer and a name (after a step-up).",
  }),
  passkeysRemove: defineCall({
    path: 'account/passkeys/remove',
    body: passkeyRemoveBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: 'Remove one of your passkeys (after a step-up).',
  }),
  loginPasskeyOptions: defineCall({
    path: 'login/passkey/options',
    body: emptyBodySchema,
    response: passkeyOptionsResponseSchema,
    access: 'public',
    summary: 'Start a passkey sign-in (no e-mail needed): the options for navigator.credentials.get().',
  }),
  loginPasskeyVerify: defineCall({
    path: 'login/passkey/verify',
    body: passkeyLoginBodySchema,
    response: loginResponseSchema,
    access: 'public',
    summary: 'Sign in with a passkey (both factors at once); answers uinfo and sets the session.',
  }),
  loginCodeSend: defineCall({
    path: 'login/code/send',
    body: loginCodeSendBodySchema,
    response: envelopeSchema,
    access: 'public',
    summary:
      'E-mail a 6-digit sign-in code (10 minutes, once); the same answer whether or not the e-mail exists.',
  }),
  loginCodeVerify: defineCall({
    path: 'login/code/verify',
    body: loginCodeVerifyBodySchema,
    response: loginResponseSchema,
    access: 'public',
    summary: 'Sign in with an e-mailed code; with two-step verification on, the second step follows.',
  }),
  accountStepUpPasskeyOptions: defineCall({
    path: 'account/stepup/passkey/options',
    body: emptyBodySchema,
    response: passkeyOptionsResponseSchema,
    access: 'client',
    summary: "Start a step-up with one of the session's own passkeys.",
  }),
  accountStepUpCodeSend: defineCall({
    path: 'account/stepup/code/send',
    body: emptyBodySchema,
    response: envelopeSchema,
    access: 'client',
    summary: "E-mail the session's own address a 6-digit code for a step-up.",
  }),
  staffPasskeysList: defineCall({
    path: 'staff/passkeys/list',
    body: emptyBodySchema,
    response: passkeyListResponseSchema,
    access: 'staff',
    summary: "The staff member's own passkeys.",
  }),
  staffPasskeysRegisterOptions: defineCall({
    path: 'staff/passkeys/register/options',
    body: emptyBodySchema,
    response: passkeyOptionsResponseSchema,
    access: 'staff',
    summary: 'Start adding a passkey to the staff account (after a step-up).',
  }),
  staffPasskeysRegisterVerify: defineCall({
    path: 'staff/passkeys/register/verify',
    body: passkeyRegisterBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'Finish adding a passkey to the staff account (after a step-up).',
  }),
  staffPasskeysRemove: defineCall({
    path: 'staff/passkeys/remove',
    body: passkeyRemoveBodySchema,
    response: envelopeSchema,
    access: 'staff',
    summary: 'Remove one of the staff account’s passkeys (after a step-up).',
  }),
  staffLoginPasskeyOptions: defineCall({
    path: 'staff/login/passkey/options',
    body: emptyBodySchema,
    response: passkeyOptionsResponseSchema,
    access: 'public',
    summary: 'Start a staff passkey sign-in.',
  }),
  staffLoginPasskeyVerify: defineCall({
    path: 'staff/login/passkey/verify',
    body: passkeyLoginBodySchema,
    response: staffSessionResponseSchema,
    access: 'public',
    summary: 'Sign in to the console with a passkey: it counts as both factors; sets the session.',
  }),
  staffStepUpPasskeyOptions: defineCall({
    path: 'staff/stepup/passkey/options',
    body: emptyBodySchema,
    response: passkeyOptionsResponseSchema,
    access: 'staff',
    summary: "Start a step-up with one of the staff member's own passkeys.",
  }),
} as const;
