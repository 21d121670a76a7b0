import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function saveContact(body: CallBody<typeof CALLS.saveContactInfo>) {
  return api(CALLS.saveContactInfo, body);
}

export function useSaveContact() {
  return useMutation({ mutationFn: saveContact });
}
