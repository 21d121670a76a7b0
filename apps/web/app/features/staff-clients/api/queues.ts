import { CALLS, type StaffClientListBody } from '@taxfirm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const CLIENTS_PER_PAGE = 25;

/** A tax year's filings counted by status. */
export function useQueueCounts(taxYear: number | undefined) {
  return useQuery({
    queryKey: ['staff-queues', taxYear],
    queryFn: () => api(CALLS.staffQueues, taxYear ? { taxy: taxYear } : {}),
    enabled: taxYear !== undefined,
  });
}

/** One page of a queue's clients. */
export function useQueuePage(body: StaffClientListBody, enabled: boolean) {
  return useQuery({
    queryKey: ['staff-clients', body],
    queryFn: () => api(CALLS.staffClientList, body),
    enabled,
    placeholderData: keepPreviousData,
  });
}
