import { CALLS, type StaffClientListBody } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const CLIENTS_PER_PAGE = 25;

/** One page of a queue's clients. */
export function getQueuePage(body: StaffClientListBody) {
  return api(CALLS.staffClientList, body);
}

/** Without a body: the key of every page, for invalidation. */
export const queuePageQueryOptions = (body?: StaffClientListBody) =>
  queryOptions({
    queryKey: body === undefined ? ['staff-clients'] : ['staff-clients', body],
    queryFn: body === undefined ? skipToken : () => getQueuePage(body),
    placeholderData: keepPreviousData,
  });

export function useQueuePage(body: StaffClientListBody, enabled: boolean) {
  return useQuery({ ...queuePageQueryOptions(body), enabled });
}
