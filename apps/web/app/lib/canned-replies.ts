import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The firm's canned replies (every staff member may list them). Shared: the messages (staff-messaging) and a
 * bulk action (staff-bulk) send one.
 */
export function getCannedReplies() {
  return api(CALLS.staffMessagesCanned, { action: 'list' });
}

export const cannedRepliesQueryOptions = () =>
  queryOptions({ queryKey: ['staff-messages-canned'], queryFn: getCannedReplies, retry: false });

export function useCannedReplies() {
  return useQuery(cannedRepliesQueryOptions());
}
