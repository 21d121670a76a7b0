import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether two-step verification is on for the session's account. */
export function getMfaStatus() {
  return api(CALLS.mfaStatus, {});
}

export const mfaStatusQueryOptions = () => queryOptions({ queryKey: ['mfa-status'], queryFn: getMfaStatus });

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}
