import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function verifyAccount(body: CallBody<typeof CALLS.registerVerify>) {
  return api(CALLS.registerVerify, body);
}

export function useVerifyAccount() {
  return useMutation({ mutationFn: verifyAccount });
}
