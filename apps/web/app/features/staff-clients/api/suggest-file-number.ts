import { CALLS } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The next unused file number in the firm's format (a suggestion: nothing is saved). */
export function suggestFileNumber(clientId: string) {
  return api(CALLS.staffNextFileNumber, { client_id: clientId });
}

export function useSuggestFileNumber() {
  return useMutation({ mutationFn: suggestFileNumber });
}
