import {
  CALLS,
  type CallBody,
  type InboxCareerListBody,
  type InboxContactListBody,
  type InboxPaymentListBody,
  type InboxReferralListBody,
} from '@taxfirm/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ROWS_PER_PAGE = 25;

/** One page of contact messages. */
export function useContactMessages(body: InboxContactListBody) {
  return useQuery({
    queryKey: ['staff-inbox', 'contact', body],
    queryFn: () => api(CALLS.staffContactList, body),
    placeholderData: keepPreviousData,
  });
}

/** Set a message's status; the contact list is stale afterwards. */
export function useChangeContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.staffContactStatus>) => api(CALLS.staffContactStatus, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff-inbox', 'contact'] }),
  });
}

/** One page of career applications. */
export function useCareerApplications(body: InboxCareerListBody) {
  return useQuery({
    queryKey: ['staff-inbox', 'careers', body],
    queryFn: () => api(CALLS.staffCareerList, body),
    placeholderData: keepPreviousData,
  });
}

/** One page of referrals. */
export function useReferrals(body: InboxReferralListBody) {
  return useQuery({
    queryKey: ['staff-inbox', 'referrals', body],
    queryFn: () => api(CALLS.staffReferralList, body),
    placeholderData: keepPreviousData,
  });
}

/** One page of payments (admins). */
export function usePayments(body: InboxPaymentListBody, enabled = true) {
  return useQuery({
    queryKey: ['staff-inbox', 'payments', body],
    queryFn: () => api(CALLS.staffPaymentList, body),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
