import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { referralPageQueryOptions } from './get-referral-page.ts';

export function saveReferral(body: CallBody<typeof CALLS.saveReferral>) {
  return api(CALLS.saveReferral, body);
}

export function useSaveReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReferral,
    // A logged-in client's list must show the new referral.
    onSuccess: () => client.invalidateQueries({ queryKey: referralPageQueryOptions().queryKey }),
  });
}
