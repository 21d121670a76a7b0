import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateClientFiles } from './get-client-file.ts';

/** Add an internal note to the client's file (never shown to the client). */
export function addNote(body: CallBody<typeof CALLS.staffAddNote>) {
  return api(CALLS.staffAddNote, body);
}

export function useAddNote() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addNote, onSuccess: () => invalidateClientFiles(client) });
}
