import { CALLS, type InboxContactListBody } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page of contact messages. */
export function getContactMessages(body: InboxContactListBody) {
  return api(CALLS.staffContactList, body);
}

/** Without a body: the key of every page, for invalidation. */
export const contactMessagesQueryOptions = (body?: InboxContactListBody) =>
  queryOptions({
    queryKey: body === undefined ? ['staff-inbox', 'contact'] : ['staff-inbox', 'contact', body],
    queryFn: body === undefined ? skipToken : () => getContactMessages(body),
    placeholderData: keepPreviousData,
  });

export function useContactMessages(body: InboxContactListBody) {
  return useQuery(contactMessagesQueryOptions(body));
}
