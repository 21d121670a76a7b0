import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The dependents section. */
export function getDependents() {
  return api(CALLS.dependentInfo, {});
}

export const dependentsQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'dependents'], queryFn: getDependents });

export function useDependents() {
  return useQuery(dependentsQueryOptions());
}
