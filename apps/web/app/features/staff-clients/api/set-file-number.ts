import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** Assign or change the client's file number (unique). */
export function setFileNumber(body: CallBody<typeof CALLS.staffSetFileNumber>) {
  return api(CALLS.staffSetFileNumber, body);
}

export function useSetFileNumber() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setFileNumber, onSuccess: () => invalidateClientFiles(client) });
}
