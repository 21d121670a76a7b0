import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { renewWhenOld } from '../../../lib/short-lived-links.ts';
import { invalidateInbox } from './get-inbox.ts';

/** A client's conversation (internal notes included); reading it marks the client's messages seen. */
export function getThread(clientId: string, taxYear?: number) {
  return api(CALLS.staffMessagesThread, {
    client_id: clientId,
    ...(taxYear === undefined ? {} : { taxy: taxYear }),
  });
}

/** Without a client: the key of every thread, for invalidation. */
export const threadQueryOptions = (clientId?: string, taxYear?: number) =>
  queryOptions({
    queryKey:
      clientId === undefined
        ? ['staff-messages-thread']
        : ['staff-messages-thread', clientId, taxYear ?? null],
    queryFn: clientId === undefined ? skipToken : () => getThread(clientId, taxYear),
    retry: false,
  });

/**
 * The thread, with its attachment links renewed when the staff member comes back to it once they are close to
 * expiry (see `renewWhenOld`). Each answer has marked the client's messages seen, so the inbox and its badge
 * are read again.
 */
export function useThread(clientId: string, taxYear?: number) {
  const client = useQueryClient();
  const query = useQuery(threadQueryOptions(clientId, taxYear));
  const ttlMs = (query.data?.links_ttl_s ?? 0) * 1000;
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt > 0) void invalidateInbox(client);
  }, [client, dataUpdatedAt]);
  return { ...query, renewIfOld: renewWhenOld(query, ttlMs - 60_000) };
}

/** After a message, a note, a status or a filing: every thread and the inbox are stale. */
export function invalidateThreads(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: threadQueryOptions().queryKey }),
    invalidateInbox(client),
  ]);
}
