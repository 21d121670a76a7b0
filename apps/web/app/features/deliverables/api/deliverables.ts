import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The client's deadlines this tax year (account/deliverables). */
export const deliverablesQueryOptions = () =>
  queryOptions({
    queryKey: ['deliverables'],
    queryFn: () => api(CALLS.accountDeliverables, {}),
    retry: false,
  });

export function useDeliverables() {
  return useQuery(deliverablesQueryOptions());
}
