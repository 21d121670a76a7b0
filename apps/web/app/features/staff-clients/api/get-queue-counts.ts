import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A tax year's filings counted by status. */
export function getQueueCounts(taxYear: number) {
  return api(CALLS.staffQueues, taxYear ? { taxy: taxYear } : {});
}

/** Without a tax year: the key of every year's counts, for invalidation. */
export const queueCountsQueryOptions = (taxYear?: number) =>
  queryOptions({
    queryKey: taxYear === undefined ? ['staff-queues'] : ['staff-queues', taxYear],
    queryFn: taxYear === undefined ? skipToken : () => getQueueCounts(taxYear),
  });

export function useQueueCounts(taxYear: number | undefined) {
  return useQuery(queueCountsQueryOptions(taxYear));
}
