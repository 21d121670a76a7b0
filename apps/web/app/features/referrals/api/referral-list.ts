import { CALLS } from '@taxfirm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The spec's page length for the referral table. */
export const REFERRALS_PER_PAGE = 10;

/** One page of the session's referrals for a tax year (page from 1). */
export function useReferralPage(taxYear: number | undefined, page: number) {
  return useQuery({
    queryKey: ['referrals', taxYear, page],
    queryFn: () =>
      api(CALLS.referralList, {
        dataTablesParameters: {
          draw: page,
          start: (page - 1) * REFERRALS_PER_PAGE,
          length: REFERRALS_PER_PAGE,
        },
        ...(taxYear ? { taxy: taxYear } : {}),
      }),
    enabled: taxYear !== undefined,
    // The table keeps the page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
