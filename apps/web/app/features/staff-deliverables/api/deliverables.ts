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

export function useSaveDeliverable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffDeliverablesSave>) =>
      api(CALLS.staffDeliverablesSave, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff-deliverables'] }),
  });
}

export function useRemoveDeliverable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffDeliverablesRemove>) =>
      api(CALLS.staffDeliverablesRemove, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff-deliverables'] }),
  });
}
