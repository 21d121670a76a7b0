import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Forgot password: e-mail a reset link (the answer is the same whether or not the address is known). */
export function requestPasswordReset(body: CallBody<typeof CALLS.forgot>) {
  return api(CALLS.forgot, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
