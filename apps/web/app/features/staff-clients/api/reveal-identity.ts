import { CALLS, type StaffRevealBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One identity number in full; the server writes an audit row for each reveal. Never cached. */
export function revealIdentity(body: StaffRevealBody) {
  return api(CALLS.staffRevealIdentity, body);
}

export function useRevealIdentity() {
  return useMutation({ mutationFn: revealIdentity });
}
