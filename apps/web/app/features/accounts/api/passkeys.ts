/**
 * Passkeys at the portal (issue 38): the account's list, adding one (the browser's prompt between the
 * server's options and its check), removing one, and signing in with one alone.
 */
import { CALLS, type CallResponse, type PasskeyLoginBody, type PasskeyRegisterBody } from '@taxfirm/contract';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQuery } from '@tanstack/react-query';
import { passkeysQueryOptions } from '../../../components/ui/client-step-up.ts';
import { api } from '../../../lib/api-client.ts';
import { saveLogin } from '../../../lib/session.ts';

type Options = CallResponse<typeof CALLS.passkeysRegisterOptions>['options'];

/** The server's options as the browser library takes them (the server passes the library's JSON through). */
export const creationOptions = (options: Options) =>
  options as unknown as PublicKeyCredentialCreationOptionsJSON;
export const requestOptions = (options: Options) =>
  options as unknown as PublicKeyCredentialRequestOptionsJSON;

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** Ask the server for options, let the browser make the passkey, and have the server keep it under `name`. */
export async function addPasskey(name: string) {
  const { options } = await api(CALLS.passkeysRegisterOptions, {});
  const credential = await startRegistration({ optionsJSON: creationOptions(options) });
  const body: PasskeyRegisterBody = { name, credential: credential as PasskeyRegisterBody['credential'] };
  return api(CALLS.passkeysRegisterVerify, body);
}

/** Sign in with a passkey alone: the browser asks which passkey and the holder's fingerprint, face or PIN. */
export async function passkeyLogin() {
  const { options } = await api(CALLS.loginPasskeyOptions, {});
  const credential = await startAuthentication({ optionsJSON: requestOptions(options) });
  const answer = await api(CALLS.loginPasskeyVerify, {
    credential: credential as PasskeyLoginBody['credential'],
  });
  if (answer.uinfo) saveLogin(answer.uinfo);
  return answer;
}

export function usePasskeyLogin() {
  return useMutation({ mutationFn: passkeyLogin });
}
