import { CALLS, type CallBody, type DocumentCategory } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshDocuments } from './get-documents.ts';

/** Remove a stored document (uid is the session's user id; filename the listed Key). */
export function deleteDocument(body: CallBody<typeof CALLS.deleteUploadDoc>) {
  return api(CALLS.deleteUploadDoc, body);
}

export function useDeleteDocument(clientId: string, category: DocumentCategory) {
  const refresh = useRefreshDocuments(clientId, category);
  return useMutation({ mutationFn: deleteDocument, onSettled: refresh });
}
