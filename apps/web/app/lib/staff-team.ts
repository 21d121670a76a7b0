import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * Every staff member, deactivated ones included (admins). Shared: the team page lists and changes them, the
 * audit log names them; both read this one query, and a change to the team refreshes it for both.
 */
export function getStaffTeam() {
  return api(CALLS.staffTeam, {});
}

export const staffTeamQueryOptions = () => queryOptions({ queryKey: ['staff-team'], queryFn: getStaffTeam });

export function useStaffTeam() {
  return useQuery(staffTeamQueryOptions());
}
