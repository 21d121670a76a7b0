import { CALLS, REQUEST_UPLOAD_FIELD, type CallBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

/** The session's checklist for a tax year (the current one when none is given). */
export function getRequests(taxYear?: number) {
  return api(CALLS.accountRequestsList, taxYear === undefined ? {} : { taxy: taxYear });
}

export const requestsQueryOptions = (taxYear?: number) =>
  queryOptions({
    queryKey: ['requests', taxYear ?? 'current'],
    queryFn: () => getRequests(taxYear),
    // The files' download links are short-lived: renewed when the client returns, never on a timer.
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
  });

export function useRequests(taxYear?: number) {
  return useQuery(requestsQueryOptions(taxYear));
}

/** Read every checklist again (after an upload or a change of state). */
export function useRefreshRequests() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['requests'] });
}

/** Send files for one item in one request, with the share sent so far (0..1). */
export function uploadRequestFiles(
  itemId: string,
  files: readonly File[],
  onProgress?: (sent: number) => void,
) {
  return api(
    CALLS.accountRequestsUpload,
    { item_id: itemId },
    { [REQUEST_UPLOAD_FIELD]: files },
    onProgress ? { onUploadProgress: onProgress } : {},
  );
}

export function unlockRequestFile(body: CallBody<typeof CALLS.accountRequestsUnlock>) {
  return api(CALLS.accountRequestsUnlock, body);
}
export function markNotApplicable(body: CallBody<typeof CALLS.accountRequestsNotApplicable>) {
  return api(CALLS.accountRequestsNotApplicable, body);
}
export function markLater(body: CallBody<typeof CALLS.accountRequestsLater>) {
  return api(CALLS.accountRequestsLater, body);
}

export function useUnlockRequestFile() {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: unlockRequestFile, onSuccess: refresh });
}
export function useMarkNotApplicable() {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: markNotApplicable, onSuccess: refresh });
}
export function useMarkLater() {
  const refresh = useRefreshRequests();
  return useMutation({ mutationFn: markLater, onSuccess: refresh });
}
