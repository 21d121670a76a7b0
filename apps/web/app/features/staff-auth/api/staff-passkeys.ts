/** A staff member's passkeys (issue 38): the console account page's list, add, remove; sign-in with one. */
import { CALLS, type CallResponse, type PasskeyLoginBody, type PasskeyRegisterBody } from '@taxfirm/contract';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffApi } from '../staff-api.ts';

type Options = CallResponse<typeof CALLS.staffPasskeysRegisterOptions>['options'];
const creationOptions = (options: Options) => options as unknown as PublicKeyCredentialCreationOptionsJSON;
const requestOptions = (options: Options) => options as unknown as PublicKeyCredentialRequestOptionsJSON;

export const staffPasskeysQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'passkeys'],
    queryFn: () => staffApi(CALLS.staffPasskeysList, {}),
  });

export function useStaffPasskeys() {
  return useQuery(staffPasskeysQueryOptions());
}

export async function addStaffPasskey(name: string) {
  const { options } = await staffApi(CALLS.staffPasskeysRegisterOptions, {});
  const credential = await startRegistration({ optionsJSON: creationOptions(options) });
  const body: PasskeyRegisterBody = { name, credential: credential as PasskeyRegisterBody['credential'] };
  return staffApi(CALLS.staffPasskeysRegisterVerify, body);
}

export const removeStaffPasskey = (id: string) => staffApi(CALLS.staffPasskeysRemove, { id });

/** Sign in to the console with a passkey alone: both of the mandatory factors at once. */
export async function staffPasskeyLogin() {
  const { options } = await api(CALLS.staffLoginPasskeyOptions, {});
  const credential = await startAuthentication({ optionsJSON: requestOptions(options) });
  return api(CALLS.staffLoginPasskeyVerify, { credential: credential as PasskeyLoginBody['credential'] });
}

export function useStaffPasskeyLogin() {
  return useMutation({ mutationFn: staffPasskeyLogin });
}

/** A step-up with one of the staff member's own passkeys (the step-up call's answer). */
export async function staffPasskeyStepUpAnswer() {
  const { options } = await staffApi(CALLS.staffStepUpPasskeyOptions, {});
  const credential = await startAuthentication({ optionsJSON: requestOptions(options) });
  return credential as PasskeyLoginBody['credential'];
}
