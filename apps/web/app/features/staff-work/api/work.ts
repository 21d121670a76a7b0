import { CALLS, type CallBody, type WorkKind } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whose list: 'me', 'unassigned', or (admins) a staff member's id. */
export type WorkWho = string;

/**
 * My work is derived from the files on every read: it is asked afresh whenever the page shows (staleTime 0),
 * so an upload accepted on a client's file has left the list when the analyst comes back.
 */
export const workCountsQueryOptions = (who: WorkWho) =>
  queryOptions({
    queryKey: ['staff-work', 'counts', who],
    queryFn: () => api(CALLS.staffWorkCounts, { who }),
    staleTime: 0,
    retry: false,
  });

export function useWorkCounts(who: WorkWho) {
  return useQuery(workCountsQueryOptions(who));
}

export function useWorkList(filters: { who: WorkWho; kind: WorkKind | undefined; snoozed: boolean }) {
  return useQuery({
    queryKey: ['staff-work', 'list', filters],
    queryFn: () =>
      api(CALLS.staffWorkList, {
        who: filters.who,
        snoozed: filters.snoozed,
        ...(filters.kind ? { kind: filters.kind } : {}),
      }),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useSnoozeWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffWorkSnooze>) => api(CALLS.staffWorkSnooze, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff-work'] }),
  });
}
