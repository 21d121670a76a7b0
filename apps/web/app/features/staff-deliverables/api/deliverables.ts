import { CALLS, type CallBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A file's deliverables (the federal return first) and the kinds its profile suggests. */
export const staffDeliverablesQueryOptions = (clientId: string, taxYear: number) =>
  queryOptions({
    queryKey: ['staff-deliverables', clientId, taxYear],
    queryFn: () => api(CALLS.staffDeliverablesList, { client_id: clientId, taxy: taxYear }),
    retry: false,
  });

export function useStaffDeliverables(clientId: string, taxYear: number) {
  return useQuery(staffDeliverablesQueryOptions(clientId, taxYear));
}

/**
 * A deliverable's change moves dates the queues (next due) and My work (due within 14 days) show: their
 * cached pages are stale with it.
 */
const invalidateDates = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [['staff-deliverables'], ['staff-clients'], ['staff-work']].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );

export function useSaveDeliverable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffDeliverablesSave>) =>
      api(CALLS.staffDeliverablesSave, body),
    onSuccess: () => invalidateDates(client),
  });
}

export function useRemoveDeliverable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffDeliverablesRemove>) =>
      api(CALLS.staffDeliverablesRemove, body),
    onSuccess: () => invalidateDates(client),
  });
}
