import { CALLS } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The spec's page length for the referral table. */
export const REFERRALS_PER_PAGE = 10;

/** One page of the session's referrals for a tax year (page from 1). */
export function getReferralPage(taxYear: number, page: number) {
  return api(CALLS.referralList, {
    dataTablesParameters: {
      draw: page,
      start: (page - 1) * REFERRALS_PER_PAGE,
      length: REFERRALS_PER_PAGE,
    },
    ...(taxYear ? { taxy: taxYear } : {}),
  });
}

/** Without a tax year: the key of every page, for invalidation. */
export const referralPageQueryOptions = (taxYear?: number, page = 1) =>
  queryOptions({
    queryKey: taxYear === undefined ? ['referrals'] : ['referrals', taxYear, page],
    queryFn: taxYear === undefined ? skipToken : () => getReferralPage(taxYear, page),
    // The table keeps the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useReferralPage(taxYear: number | undefined, page: number) {
  return useQuery(referralPageQueryOptions(taxYear, page));
}
