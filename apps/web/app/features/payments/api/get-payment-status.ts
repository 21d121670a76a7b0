import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Whether the current filing opens payment, and the client's orders for it. */
export function getPaymentStatus() {
  return api(CALLS.paymentStatus, {});
}

export const paymentStatusQueryOptions = () =>
  queryOptions({ queryKey: ['payment-status'], queryFn: getPaymentStatus });

export function usePaymentStatus() {
  return useQuery(paymentStatusQueryOptions());
}

/** After a payment attempt, the portal's view of payment is stale. */
export function useForgetPaymentStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: paymentStatusQueryOptions().queryKey });
}
