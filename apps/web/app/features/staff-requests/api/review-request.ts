import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateStaffRequests } from './get-staff-requests.ts';

/** Accept a received item, or reject it with a reason the client sees. */
export function reviewRequest(body: CallBody<typeof CALLS.staffRequestsReview>) {
  return api(CALLS.staffRequestsReview, body);
}

export function useReviewRequest() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reviewRequest, onSuccess: () => invalidateStaffRequests(client) });
}
