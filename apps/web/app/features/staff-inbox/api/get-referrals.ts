import { CALLS, type InboxReferralListBody } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page of referrals. */
export function getReferrals(body: InboxReferralListBody) {
  return api(CALLS.staffReferralList, body);
}

export const referralsQueryOptions = (body: InboxReferralListBody) =>
  queryOptions({
    queryKey: ['staff-inbox', 'referrals', body],
    queryFn: () => getReferrals(body),
    placeholderData: keepPreviousData,
  });

export function useReferrals(body: InboxReferralListBody) {
  return useQuery(referralsQueryOptions(body));
}
