import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { renewWhenOld } from '../../../lib/short-lived-links.ts';

/** A client's checklist for a tax year: items with files (signed links), history, progress, reminders. */
export function getStaffRequests(clientId: string, taxYear: number) {
  return api(CALLS.staffRequestsList, { client_id: clientId, taxy: taxYear });
}

/** Without a client: the key of every checklist, for invalidation. */
export const staffRequestsQueryOptions = (clientId?: string, taxYear?: number) =>
  queryOptions({
    queryKey:
      clientId === undefined || taxYear === undefined
        ? ['staff-requests']
        : ['staff-requests', clientId, taxYear],
    queryFn:
      clientId === undefined || taxYear === undefined ? skipToken : () => getStaffRequests(clientId, taxYear),
    retry: false,
  });

/**
 * The checklist, with its file links renewed when the staff member comes back to it (pointer or focus)
 * once they are close to expiry; never on a timer (see `renewWhenOld`).
 */
export function useStaffRequests(clientId: string, taxYear: number) {
  const query = useQuery(staffRequestsQueryOptions(clientId, taxYear));
  const ttlMs = (query.data?.links_ttl_s ?? 0) * 1000;
  return { ...query, renewIfOld: renewWhenOld(query, ttlMs - 60_000) };
}

/** After any change to a checklist: every checklist is stale. */
export function invalidateStaffRequests(client: QueryClient) {
  return client.invalidateQueries({ queryKey: staffRequestsQueryOptions().queryKey });
}
