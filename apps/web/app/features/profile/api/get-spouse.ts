import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The spouse section. */
export function getSpouse() {
  return api(CALLS.spouseInfo, {});
}

export const spouseQueryOptions = () => queryOptions({ queryKey: ['profile', 'spouse'], queryFn: getSpouse });

export function useSpouse() {
  return useQuery(spouseQueryOptions());
}
