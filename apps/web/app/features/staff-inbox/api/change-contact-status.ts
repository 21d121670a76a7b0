import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactMessagesQueryOptions } from './get-contact-messages.ts';

/** Set a message's status. */
export function changeContactStatus(body: CallBody<typeof CALLS.staffContactStatus>) {
  return api(CALLS.staffContactStatus, body);
}

/** The contact list is stale afterwards. */
export function useChangeContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeContactStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: contactMessagesQueryOptions().queryKey }),
  });
}
