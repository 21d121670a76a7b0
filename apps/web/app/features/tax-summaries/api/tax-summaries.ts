import { CALLS } from '@taxfirm/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The summaries the firm published for the session's current filing. */
export function useTaxSummaries() {
  return useQuery({
    queryKey: ['tax-summaries'],
    queryFn: () => api(CALLS.userSynopsys, {}),
    // The download links live five minutes: refresh them well before.
    refetchInterval: 4 * 60_000,
    refetchOnWindowFocus: true,
  });
}
