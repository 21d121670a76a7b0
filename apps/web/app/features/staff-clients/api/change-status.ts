import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** Move the filing to a status, with a comment; kept in its history and e-mailed to the client. */
export function changeStatus(body: CallBody<typeof CALLS.staffChangeStatus>) {
  return api(CALLS.staffChangeStatus, body);
}

export function useChangeStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeStatus, onSuccess: () => invalidateClientFiles(client) });
}
