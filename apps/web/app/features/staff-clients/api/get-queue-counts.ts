import { CALLS, type QueueNarrowingBody } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A tax year's filings counted by status, among those the queue's other filters keep. */
export function getQueueCounts(taxYear: number, narrowing: QueueNarrowingBody = {}) {
  return api(CALLS.staffQueues, { ...(taxYear ? { taxy: taxYear } : {}), ...narrowing });
}

/** Without a tax year: the key of every year's counts, for invalidation. */
export const queueCountsQueryOptions = (taxYear?: number, narrowing: QueueNarrowingBody = {}) =>
  queryOptions({
    queryKey: taxYear === undefined ? ['staff-queues'] : ['staff-queues', taxYear, narrowing],
    queryFn: taxYear === undefined ? skipToken : () => getQueueCounts(taxYear, narrowing),
  });

export function useQueueCounts(taxYear: number | undefined, narrowing: QueueNarrowingBody = {}) {
  return useQuery(queueCountsQueryOptions(taxYear, narrowing));
}
