import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveLogin } from '../../../lib/session.ts';

/** Set a new password from a staff-sent reset link. */
export async function updatePasswordLink(body: CallBody<typeof CALLS.updatePasswordLink>) {
  const answer = await api(CALLS.updatePasswordLink, body);
  // Issue 38: the holder lands signed in (or goes on to the second step).
  if (answer.uinfo) saveLogin(answer.uinfo);
  return answer;
}

export function useUpdatePasswordLink() {
  return useMutation({ mutationFn: updatePasswordLink });
}
