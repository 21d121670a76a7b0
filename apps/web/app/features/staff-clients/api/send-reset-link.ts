import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** E-mail the client a one-time link to set a new password. */
export function sendResetLink(clientId: string) {
  return api(CALLS.staffSendResetLink, { client_id: clientId });
}

export function useSendResetLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendResetLink, onSuccess: () => invalidateClientFiles(client) });
}
