import { CALLS, type StaffHouseholdInviteBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The members of a client's file (issue 38), as staff see them. */
export const staffHouseholdQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ['staff-household', clientId],
    queryFn: () => api(CALLS.staffHouseholdList, { client_id: clientId }),
  });

export function useStaffHousehold(clientId: string) {
  return useQuery(staffHouseholdQueryOptions(clientId));
}

export function useStaffInviteSpouse(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<StaffHouseholdInviteBody, 'client_id'>) =>
      api(CALLS.staffHouseholdInvite, { ...body, client_id: clientId }),
    onSettled: () => client.invalidateQueries({ queryKey: staffHouseholdQueryOptions(clientId).queryKey }),
  });
}
