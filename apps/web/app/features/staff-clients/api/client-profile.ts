import { CALLS, type StaffRevealBody } from '@taxfirm/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A client's tax profile, identity numbers masked (a read the server audits). */
export function useStaffProfile(clientId: string) {
  return useQuery({
    queryKey: ['staff-profile', clientId],
    queryFn: () => api(CALLS.staffProfile, { client_id: clientId }),
    retry: false,
  });
}

/** One identity number in full; the server writes an audit row for each reveal. Never cached. */
export function useRevealIdentity() {
  return useMutation({
    mutationFn: (body: StaffRevealBody) => api(CALLS.staffRevealIdentity, body),
  });
}
