import { CALLS, folderPathFor, UPLOAD_FIELD, type DocumentCategory } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { LINKS_MAX_AGE_MS } from '../../../lib/short-lived-links.ts';

const documentsKey = (category: DocumentCategory) => ['documents', category] as const;

/** The session's stored documents in one category. */
export function useDocuments(clientId: string, category: DocumentCategory) {
  return useQuery({
    queryKey: documentsKey(category),
    queryFn: () => api(CALLS.getUploadDocs, { folderPath: folderPathFor(clientId, category) }),
    enabled: clientId !== '',
    // The download links live five minutes: renewed when the client returns to the window or the list
    // (renewWhenOld), never on a timer, which would keep an abandoned session alive.
    staleTime: LINKS_MAX_AGE_MS,
    refetchOnWindowFocus: true,
  });
}

/** Send one file (one request per file, so each has its own progress and outcome). */
export function uploadDocument(
  owner: { clientId: string; category: DocumentCategory; uptId: number },
  file: File,
  onProgress: (sent: number) => void,
) {
  return api(
    CALLS.uploadDocs,
    {
      folderPath: folderPathFor(owner.clientId, owner.category),
      client_id: owner.clientId,
      upt_id: owner.uptId,
    },
    { [UPLOAD_FIELD]: file },
    { onUploadProgress: onProgress },
  );
}

export function useRefreshDocuments(category: DocumentCategory) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentsKey(category) });
}

/** Remove a stored document (uid is the session's user id; filename the listed Key). */
export function useDeleteDocument(category: DocumentCategory) {
  const refresh = useRefreshDocuments(category);
  return useMutation({
    mutationFn: (body: { uid: string; filename: string }) => api(CALLS.deleteUploadDoc, body),
    onSettled: refresh,
  });
}
