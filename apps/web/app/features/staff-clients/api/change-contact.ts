import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** Change the client's sign-in e-mail and phone (the old address is told). */
export function changeContact(body: CallBody<typeof CALLS.staffClientContact>) {
  return api(CALLS.staffClientContact, body);
}

export function useChangeContact() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeContact, onSuccess: () => invalidateClientFiles(client) });
}
