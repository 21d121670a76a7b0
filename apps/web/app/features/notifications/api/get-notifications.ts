import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';

export function getNotifications() {
  return api(CALLS.notifications, {});
}

/**
 * The bell's list. It is read again only when the client opens a page, never on a timer or on window focus:
 * every call counts as activity and keeps the session alive, and a bell polling in a forgotten tab would
 * defeat the 20-minute inactivity logout.
 */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: getNotifications,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

export const useRefreshNotifications = () => {
  const client = useQueryClient();
  return useCallback(
    () => client.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
    [client],
  );
};
