import { CALLS, type NotificationsResponse } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';

const KEY = ['notifications'];

/** The bell's list; looked at again every minute and when the window regains focus. */
export function useNotifications() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api(CALLS.notifications, {}),
    refetchInterval: 60_000,
  });
}

/**
 * Mark everything read. The open list keeps showing which ones were new; only the count drops at once,
 * and the list is read again when the bell closes.
 */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(CALLS.notificationsRead, {}),
    onSuccess: () =>
      client.setQueryData<NotificationsResponse>(KEY, (data) => (data ? { ...data, unread: 0 } : data)),
  });
}

export const useRefreshNotifications = () => {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: KEY }), [client]);
};
