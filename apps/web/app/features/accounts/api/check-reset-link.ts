import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether a staff-sent reset link is still live. */
export function checkResetLink(body: CallBody<typeof CALLS.checkResetLink>) {
  return api(CALLS.checkResetLink, body);
}

export function useCheckResetLink() {
  return useMutation({ mutationFn: checkResetLink });
}
