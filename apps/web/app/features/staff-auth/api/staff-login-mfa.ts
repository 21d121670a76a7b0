import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The second step: the authenticator or recovery code for the password step's token. */
export function staffLoginMfa(body: CallBody<typeof CALLS.staffLoginMfa>) {
  return api(CALLS.staffLoginMfa, body);
}

export function useStaffLoginMfa() {
  return useMutation({ mutationFn: staffLoginMfa });
}
