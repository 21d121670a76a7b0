import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { renewWhenOld } from '../../../lib/short-lived-links.ts';

/** A client's documents of the current tax year, by category (a read the server audits). */
export function getStaffDocuments(clientId: string) {
  return api(CALLS.staffDocuments, { client_id: clientId });
}

/** Without a client: the key of every client's documents, for invalidation. */
export const staffDocumentsQueryOptions = (clientId?: string) =>
  queryOptions({
    queryKey: clientId === undefined ? ['staff-documents'] : ['staff-documents', clientId],
    queryFn: clientId === undefined ? skipToken : () => getStaffDocuments(clientId),
    retry: false,
  });

/**
 * The documents' links are signed for a few minutes only. They are renewed when the staff member comes back
 * to them (the section is pointed at or focused once they are close to expiry), never on a timer: every call
 * counts as activity, and a page polling in a forgotten tab would keep the session alive past its idle limit.
 */
export function useStaffDocuments(clientId: string) {
  const query = useQuery(staffDocumentsQueryOptions(clientId));
  const ttlMs = (query.data?.links_ttl_s ?? 0) * 1000;
  return { ...query, renewIfOld: renewWhenOld(query, ttlMs - 60_000) };
}
