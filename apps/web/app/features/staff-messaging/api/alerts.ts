import { CALLS, type StaffAlertChoice } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The signed-in staff member's own alert choice. */
export function getAlerts() {
  return api(CALLS.staffMessagesAlerts, {});
}

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: ['staff-messages-alerts'], queryFn: getAlerts, retry: false });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}

export function saveAlerts(alerts: StaffAlertChoice) {
  return api(CALLS.staffMessagesAlerts, { alerts });
}

export function useSaveAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAlerts,
    onSuccess: (answer) => client.setQueryData(alertsQueryOptions().queryKey, answer),
  });
}
