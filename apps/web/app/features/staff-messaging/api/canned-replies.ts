import { CALLS, type CallBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { threadQueryOptions } from './get-thread.ts';

type CannedBody = CallBody<typeof CALLS.staffMessagesCanned>;

/** The firm's canned replies (every staff member may list them). */
export function getCannedReplies() {
  return api(CALLS.staffMessagesCanned, { action: 'list' });
}

export const cannedRepliesQueryOptions = () =>
  queryOptions({ queryKey: ['staff-messages-canned'], queryFn: getCannedReplies, retry: false });

export function useCannedReplies() {
  return useQuery(cannedRepliesQueryOptions());
}

/** Admins: save (create or replace) or delete a canned reply. */
export function changeCannedReplies(body: Exclude<CannedBody, { action: 'list' }>) {
  return api(CALLS.staffMessagesCanned, body);
}

/** The answer is the new list; every thread's composer offers the replies too. */
export function useChangeCannedReplies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeCannedReplies,
    onSuccess: (answer) =>
      Promise.all([
        client.setQueryData(cannedRepliesQueryOptions().queryKey, { ...answer, message: undefined }),
        client.invalidateQueries({ queryKey: threadQueryOptions().queryKey }),
      ]),
  });
}
