import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Set a new password from the forgot-password e-mail's link. */
export function resetPassword(body: CallBody<typeof CALLS.forgotChecker>) {
  return api(CALLS.forgotChecker, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
