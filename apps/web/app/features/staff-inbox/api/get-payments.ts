import { CALLS, type InboxPaymentListBody } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One page of payments (admins). */
export function getPayments(body: InboxPaymentListBody) {
  return api(CALLS.staffPaymentList, body);
}

export const paymentsQueryOptions = (body: InboxPaymentListBody) =>
  queryOptions({
    queryKey: ['staff-inbox', 'payments', body],
    queryFn: () => getPayments(body),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function usePayments(body: InboxPaymentListBody, enabled = true) {
  return useQuery({ ...paymentsQueryOptions(body), enabled });
}
