import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The taxpayer section, with the profile lock (whether the file still takes changes). */
export function getTaxpayer() {
  return api(CALLS.taxpayerInfo, {});
}

export const taxpayerQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'taxpayer'], queryFn: getTaxpayer });

export function useTaxpayer() {
  return useQuery(taxpayerQueryOptions());
}

/**
 * After a save of any section, and after a refusal alike: that section, and the taxpayer answer, which
 * carries the lock (it may have closed meanwhile, and a refusal says so), so the view shows what is stored.
 */
export function refreshProfileSection(client: QueryClient, queryKey: QueryKey) {
  return Promise.all([
    client.invalidateQueries({ queryKey }),
    client.invalidateQueries({ queryKey: taxpayerQueryOptions().queryKey }),
  ]);
}
