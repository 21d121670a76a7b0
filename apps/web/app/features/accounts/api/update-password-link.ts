import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Set a new password from a staff-sent reset link. */
export function updatePasswordLink(body: CallBody<typeof CALLS.updatePasswordLink>) {
  return api(CALLS.updatePasswordLink, body);
}

export function useUpdatePasswordLink() {
  return useMutation({ mutationFn: updatePasswordLink });
}
