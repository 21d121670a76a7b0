import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The active staff, for the analyst picker of a client's file. Shared: a change to the team (staff-team)
 * makes it stale.
 */
export function getStaffMembers() {
  return api(CALLS.staffMembers, {});
}

export const staffMembersQueryOptions = () =>
  queryOptions({ queryKey: ['staff-members'], queryFn: getStaffMembers, staleTime: 60_000 });

export function useStaffMembers() {
  return useQuery(staffMembersQueryOptions());
}

/**
 * The staff as a picker's options ("Meena Rao (analyst)"), after one for nobody (`noneLabel`): the file's
 * analyst, a deliverable's owner.
 */
export function staffOptions(
  members: ReturnType<typeof useStaffMembers>['data'],
  noneLabel: string,
): { value: string; label: string }[] {
  return [
    { value: '', label: noneLabel },
    ...(members?.staff ?? []).map((m) => ({ value: m.user_id, label: `${m.name} (${m.role})` })),
  ];
}
