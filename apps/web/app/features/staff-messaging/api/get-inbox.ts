import { CALLS, type CallBody } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type InboxBody = CallBody<typeof CALLS.staffMessagesInbox>;

/** One page of the conversations this staff member may work, unread first. */
export function getInbox(body: InboxBody) {
  return api(CALLS.staffMessagesInbox, body);
}

/** Without a body: the key of every inbox page (and the console's badge), for invalidation. */
export const inboxQueryOptions = (body?: InboxBody) =>
  queryOptions({
    queryKey: body === undefined ? ['staff-messages-inbox'] : ['staff-messages-inbox', body],
    queryFn: body === undefined ? skipToken : () => getInbox(body),
    placeholderData: keepPreviousData,
  });

export function useInbox(body: InboxBody) {
  return useQuery(inboxQueryOptions(body));
}

/**
 * The console's unread badge (a count that stops at 1,000: `more` above it): the count rides on the inbox's
 * first page. Read again when the staff member comes back to the window (they were away; an answer may be
 * waiting), and after any change to a thread; never on a timer, for every call counts as activity and a polling
 * tab would defeat the inactivity logout.
 */
export function useUnreadThreads() {
  const query = useQuery({
    ...inboxQueryOptions({ page: 1 }),
    refetchOnWindowFocus: true,
    staleTime: 30_000,
    select: (answer) => ({ count: answer.unread_threads, more: answer.unread_more }),
  });
  return query.data ?? { count: 0, more: false };
}

/** After a thread was read, answered or moved: every inbox page and the badge are stale. */
export function invalidateInbox(client: QueryClient) {
  return client.invalidateQueries({ queryKey: inboxQueryOptions().queryKey });
}
