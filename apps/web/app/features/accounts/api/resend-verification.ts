import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function resendVerification(body: CallBody<typeof CALLS.resendVerification>) {
  return api(CALLS.resendVerification, body);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
