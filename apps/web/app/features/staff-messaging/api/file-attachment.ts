import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateThreads } from './get-thread.ts';

/** File a copy of an attachment into the client's documents (a category) or a checklist item. */
export function fileAttachment(body: CallBody<typeof CALLS.staffMessagesFile>) {
  return api(CALLS.staffMessagesFile, body);
}

/**
 * The thread shows "Filed as …" afterwards. The documents and checklist sections belong to other features and
 * refresh on their own when next read.
 */
export function useFileAttachment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: fileAttachment, onSuccess: () => invalidateThreads(client) });
}
