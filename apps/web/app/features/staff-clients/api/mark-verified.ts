import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** Mark the client's e-mail address verified (the firm confirmed it another way). */
export function markVerified(clientId: string) {
  return api(CALLS.staffVerifyClient, { client_id: clientId });
}

export function useMarkVerified() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markVerified, onSuccess: () => invalidateClientFiles(client) });
}
