import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function register(body: CallBody<typeof CALLS.register>) {
  return api(CALLS.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
