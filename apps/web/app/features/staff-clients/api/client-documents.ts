import { CALLS } from '@taxfirm/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * A client's documents of the current tax year, by category (a read the server audits). Its links are
 * signed for a few minutes only, so the list is fetched again before they expire while the page is open.
 */
export function useStaffDocuments(clientId: string) {
  return useQuery({
    queryKey: ['staff-documents', clientId],
    queryFn: () => api(CALLS.staffDocuments, { client_id: clientId }),
    retry: false,
    refetchInterval: (query) => {
      const ttl = query.state.data?.links_ttl_s;
      return ttl ? Math.max(30, ttl - 60) * 1000 : false;
    },
  });
}
