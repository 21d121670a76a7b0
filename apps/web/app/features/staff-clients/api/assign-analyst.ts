import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** Assign the filing to an analyst (admins), or take it from To Be Assigned (an analyst). */
export function assignAnalyst(body: CallBody<typeof CALLS.staffAssign>) {
  return api(CALLS.staffAssign, body);
}

export function useAssignAnalyst() {
  const client = useQueryClient();
  return useMutation({ mutationFn: assignAnalyst, onSuccess: () => invalidateClientFiles(client) });
}
