import { CALLS } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Start turning on two-step verification: a new secret and its QR code (on only once a code is confirmed). */
export function startMfaSetup() {
  return api(CALLS.mfaSetup, {});
}

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}
