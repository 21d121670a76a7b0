import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The employers section. */
export function getEmployers() {
  return api(CALLS.employerInfo, {});
}

export const employersQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'employers'], queryFn: getEmployers });

export function useEmployers() {
  return useQuery(employersQueryOptions());
}
