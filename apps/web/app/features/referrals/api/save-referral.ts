import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function saveReferral(body: CallBody<typeof CALLS.saveReferral>) {
  return api(CALLS.saveReferral, body);
}

export function useSaveReferral() {
  return useMutation({ mutationFn: saveReferral });
}
