import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A client's tax profile, identity numbers masked (a read the server audits). */
export function getStaffProfile(clientId: string) {
  return api(CALLS.staffProfile, { client_id: clientId });
}

export const staffProfileQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['staff-profile', clientId],
    queryFn: () => getStaffProfile(clientId),
    retry: false,
  });

export function useStaffProfile(clientId: string) {
  return useQuery(staffProfileQueryOptions(clientId));
}
