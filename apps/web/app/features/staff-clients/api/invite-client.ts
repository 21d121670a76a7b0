import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** Create a client's account and file and e-mail the set-up link (someone who phoned or walked in). */
export function inviteClient(body: CallBody<typeof CALLS.staffInviteClient>) {
  return api(CALLS.staffInviteClient, body);
}

export function useInviteClient() {
  const client = useQueryClient();
  // The queues count and list the new file.
  return useMutation({ mutationFn: inviteClient, onSuccess: () => invalidateClientFiles(client) });
}
