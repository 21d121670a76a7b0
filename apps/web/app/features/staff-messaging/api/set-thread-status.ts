import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateThreads } from './get-thread.ts';

/** Open, waiting on the client, or done. */
export function setThreadStatus(body: CallBody<typeof CALLS.staffMessagesStatus>) {
  return api(CALLS.staffMessagesStatus, body);
}

export function useSetThreadStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setThreadStatus, onSuccess: () => invalidateThreads(client) });
}
