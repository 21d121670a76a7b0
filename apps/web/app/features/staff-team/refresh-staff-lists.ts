import type { QueryClient } from '@tanstack/react-query';
import { staffMembersQueryOptions } from '../../lib/staff-members.ts';
import { staffTeamQueryOptions } from '../../lib/staff-team.ts';

/** Any change to the staff: the team list (and the audit log's names) and the analyst picker are stale. */
export function refreshStaffLists(client: QueryClient) {
  return Promise.all(
    [staffTeamQueryOptions().queryKey, staffMembersQueryOptions().queryKey].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}
