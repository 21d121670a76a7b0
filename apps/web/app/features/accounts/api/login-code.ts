import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveLogin } from '../../../lib/session.ts';

/** E-mail a one-time sign-in code (the same answer whether or not the address has an account). */
export function sendLoginCode(body: CallBody<typeof CALLS.loginCodeSend>) {
  return api(CALLS.loginCodeSend, body);
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}

/** Sign in with the e-mailed code; with two-step verification on, the answer asks for the second step. */
export async function verifyLoginCode(body: CallBody<typeof CALLS.loginCodeVerify>) {
  const answer = await api(CALLS.loginCodeVerify, body);
  if (answer.uinfo) saveLogin(answer.uinfo);
  return answer;
}

export function useVerifyLoginCode() {
  return useMutation({ mutationFn: verifyLoginCode });
}
