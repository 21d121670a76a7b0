import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveLogin } from '../../../lib/session.ts';

/** The login's second step: the authenticator or recovery code for the token the password step gave. */
export async function mfaLogin(body: CallBody<typeof CALLS.mfaLogin>) {
  const answer = await api(CALLS.mfaLogin, body);
  if (answer.uinfo) saveLogin(answer.uinfo);
  return answer;
}

export function useMfaLogin() {
  return useMutation({ mutationFn: mfaLogin });
}
