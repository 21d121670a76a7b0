import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function changePassword(body: CallBody<typeof CALLS.changePassword>) {
  return api(CALLS.changePassword, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
