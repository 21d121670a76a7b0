import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queueCountsQueryOptions } from './get-queue-counts.ts';
import { queuePageQueryOptions } from './get-queue-page.ts';
import { staffDocumentsQueryOptions } from './get-staff-documents.ts';

/** One client's file: account, filing, status history, notes, payments, referrals (every read is audited). */
export function getClientFile(clientId: string) {
  return api(CALLS.staffClient, { client_id: clientId });
}

/** Without a client: the key of every client's file, for invalidation. */
export const clientFileQueryOptions = (clientId?: string) =>
  queryOptions({
    queryKey: clientId === undefined ? ['staff-client'] : ['staff-client', clientId],
    queryFn: clientId === undefined ? skipToken : () => getClientFile(clientId),
    retry: false,
  });

export function useClientFile(clientId: string) {
  return useQuery(clientFileQueryOptions(clientId));
}

/**
 * After a change to a file: the files, the queues, the queue lists and the documents are stale, and so are the
 * file's deliverables (staff-deliverables' key: the federal return shows the file's status and analyst).
 */
export function invalidateClientFiles(client: QueryClient) {
  return Promise.all(
    [
      clientFileQueryOptions().queryKey,
      queueCountsQueryOptions().queryKey,
      queuePageQueryOptions().queryKey,
      staffDocumentsQueryOptions().queryKey,
      ['staff-deliverables'],
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}
