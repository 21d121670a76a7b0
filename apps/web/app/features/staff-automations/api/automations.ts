import { CALLS, type CallBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The firm's status automations, each with its runs of the last 30 days (admins, issue 36). */
export const automationsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff-automations'],
    queryFn: () => api(CALLS.staffAutomationsList, {}),
    retry: false,
  });

export function useAutomations() {
  return useQuery(automationsQueryOptions());
}

export function useSaveAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffAutomationsSave>) => api(CALLS.staffAutomationsSave, body),
    onSuccess: () => client.invalidateQueries({ queryKey: automationsQueryOptions().queryKey }),
  });
}

export function usePauseAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffAutomationsPause>) =>
      api(CALLS.staffAutomationsPause, body),
    onSuccess: () => client.invalidateQueries({ queryKey: automationsQueryOptions().queryKey }),
  });
}

/** Which files a rule with this trigger would have acted on in the last 30 days. */
export function usePreviewAutomation() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffAutomationsPreview>) =>
      api(CALLS.staffAutomationsPreview, body),
  });
}
