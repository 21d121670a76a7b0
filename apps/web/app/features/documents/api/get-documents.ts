import { CALLS, folderPathFor, type DocumentCategory } from '@taxfirm/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

/** The session's stored documents in one category. */
export function getDocuments(clientId: string, category: DocumentCategory) {
  return api(CALLS.getUploadDocs, { folderPath: folderPathFor(clientId, category) });
}

export const documentsQueryOptions = (clientId: string, category: DocumentCategory) =>
  queryOptions({
    queryKey: ['documents', clientId, category],
    queryFn: () => getDocuments(clientId, category),
    enabled: clientId !== '',
    // The download links live five minutes: renewed when the client returns to the window or the list
    // (renewWhenOld), never on a timer, which would keep an abandoned session alive.
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
  });

export function useDocuments(clientId: string, category: DocumentCategory) {
  return useQuery(documentsQueryOptions(clientId, category));
}

/** Read the category's list again (after uploads, or a delete). */
export function useRefreshDocuments(clientId: string, category: DocumentCategory) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentsQueryOptions(clientId, category).queryKey });
}
