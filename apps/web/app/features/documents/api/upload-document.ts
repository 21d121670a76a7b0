import { CALLS, folderPathFor, UPLOAD_FIELD, type DocumentCategory } from '@taxfirm/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * Send one file (one request per file, so each has its own progress and outcome). The caller reads the list
 * again once the batch is done (useRefreshDocuments).
 */
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
