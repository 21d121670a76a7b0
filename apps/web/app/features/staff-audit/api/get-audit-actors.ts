import { useQuery } from '@tanstack/react-query';
import { staffTeamQueryOptions } from '../../../lib/staff-team.ts';

/**
 * Every staff member, deactivated ones included: their past actions stay in the log. The team page's query
 * (lib/staff-team.ts), so a change to the team shows here too.
 */
export function useAuditActors() {
  return useQuery(staffTeamQueryOptions());
}
