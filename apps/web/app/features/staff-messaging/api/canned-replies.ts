import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cannedRepliesQueryOptions } from '../../../lib/canned-replies.ts';
import { threadQueryOptions } from './get-thread.ts';

type CannedBody = CallBody<typeof CALLS.staffMessagesCanned>;

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
