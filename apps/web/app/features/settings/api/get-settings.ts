import { CALLS, type SiteSettings } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export async function getSettings(): Promise<SiteSettings> {
  const answer = await api(CALLS.getSettings, {});
  const [first] = answer.data;
  if (!first) throw new Error('The settings list is empty');
  return first;
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: 5 * 60_000 });

/** Site settings in the browser-rendered areas (the portal and the console). */
export function useSiteSettings() {
  return useQuery(settingsQueryOptions());
}
