import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** At first login: a new authenticator secret and its QR code (MFA is mandatory for staff). */
export function startStaffEnrolment(token: string) {
  return api(CALLS.staffEnrolStart, { mfa_token: token });
}

export const staffEnrolmentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['staff-enrol', token],
    queryFn: () => startStaffEnrolment(token),
    retry: false,
    staleTime: Infinity,
  });

export function useStaffEnrolment(token: string) {
  return useQuery(staffEnrolmentQueryOptions(token));
}
