import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveLogin } from '../../../lib/session.ts';

/** Log in with e-mail and password; a complete login (no second step) is stored as the session's UI state. */
export async function login(body: CallBody<typeof CALLS.login>) {
  const answer = await api(CALLS.login, body);
  if (answer.uinfo) saveLogin(answer.uinfo);
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
