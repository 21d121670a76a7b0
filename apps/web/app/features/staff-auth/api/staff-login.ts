import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The password step; the answer names the next one (the authenticator code, or enrolment at first login). */
export function staffLogin(body: CallBody<typeof CALLS.staffLogin>) {
  return api(CALLS.staffLogin, body);
}

export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin });
}
