/**
 * The client's step-up (F-15, issue 38), the portal's one way to prove a session again before a sensitive
 * action (showing an identity number, downloading a filed return, adding a household member, signing): the
 * password or an authenticator code, a fresh code e-mailed to the session's own address, or one of the
 * client's own passkeys (offered when they hold one). A client who signs in by code or passkey may not remember
 * a password; every client surface that steps up uses `useClientStepUp`, so each offers the same proofs.
 */
import { CALLS, type PasskeyLoginBody, type StepUpBody } from '@taxfirm/contract';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useStepUp, type StepUpAlternatives } from './step-up-dialog.tsx';

/** The session's own passkeys (the account page's list, and whether a step-up may offer one). */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'passkeys'],
    queryFn: () => api(CALLS.passkeysList, {}),
  });

/** Prove this session again with the password or an authenticator code (or a proof below). */
export function clientStepUp(body: StepUpBody) {
  return api(CALLS.accountStepUp, body);
}

/** A step-up with one of the session's own passkeys: the step-up call's `passkey` answer. */
export async function passkeyStepUpAnswer() {
  const { options } = await api(CALLS.accountStepUpPasskeyOptions, {});
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return credential as PasskeyLoginBody['credential'];
}

/** The proofs besides the password a client's step-up dialog offers. */
export function useClientStepUpAlternatives(): StepUpAlternatives {
  const passkeys = useQuery(passkeysQueryOptions());
  return {
    sendEmailCode: () => api(CALLS.accountStepUpCodeSend, {}),
    ...((passkeys.data?.passkeys.length ?? 0) > 0 ? { passkey: passkeyStepUpAnswer } : {}),
  };
}

/** `useStepUp` with the client's step-up and every proof it accepts. */
export function useClientStepUp() {
  return useStepUp(clientStepUp, useClientStepUpAlternatives());
}
