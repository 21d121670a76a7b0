import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

export function markAllRead() {
  return api(CALLS.notificationsRead, {});
}

/**
 * Mark everything read. The open list keeps showing which ones were new; only the count drops at once,
 * and the list is read again when the bell closes.
 */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () =>
      client.setQueryData(notificationsQueryOptions().queryKey, (data) =>
        data ? { ...data, unread: 0 } : data,
      ),
  });
}
