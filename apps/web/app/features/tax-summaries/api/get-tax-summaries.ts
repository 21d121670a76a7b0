import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

/** The summaries the firm published for the session's current filing. */
export function getTaxSummaries() {
  return api(CALLS.userSynopsys, {});
}

export const taxSummariesQueryOptions = () =>
  queryOptions({
    queryKey: ['tax-summaries'],
    queryFn: getTaxSummaries,
    // The download links live five minutes: renewed when the client returns to the window or the list
    // (renewWhenOld), never on a timer, which would keep an abandoned session alive.
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
  });

export function useTaxSummaries() {
  return useQuery(taxSummariesQueryOptions());
}
