import { CALLS, type NotificationsResponse } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';

const KEY = ['notifications'];

/**
 * The bell's list. It is read again only when the client opens a page, never on a timer or on window focus:
 * every call counts as activity and keeps the session alive, and a bell polling in a forgotten tab would
 * defeat the 20-minute inactivity logout.
 */
export function useNotifications() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api(CALLS.notifications, {}),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
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
