import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveLogin } from '../../../lib/session.ts';

/** Set a new password from the forgot-password e-mail's link. */
export async function resetPassword(body: CallBody<typeof CALLS.forgotChecker>) {
  const answer = await api(CALLS.forgotChecker, body);
  // Issue 38: the holder lands signed in (or goes on to the second step).
  if (answer.uinfo) saveLogin(answer.uinfo);
  return answer;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
