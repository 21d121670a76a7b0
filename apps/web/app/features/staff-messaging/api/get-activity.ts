import { CALLS } from '@taxfirm/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page of what this staff member's clients did, newest first. */
export function getActivity(page: number) {
  return api(CALLS.staffActivityList, { page });
}

export const activityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['staff-activity'],
    queryFn: ({ pageParam }) => getActivity(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
    retry: false,
  });

/** The feed, a page at a time ("Show more" asks for the next). */
export function useActivity() {
  return useInfiniteQuery(activityQueryOptions());
}
