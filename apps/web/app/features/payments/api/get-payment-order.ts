import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One of the client's own orders: the receipt, or why it did not go through. */
export function getPaymentOrder(orderId: string) {
  return api(CALLS.paymentOrder, { order_id: orderId });
}

export const paymentOrderQueryOptions = (orderId: string | null) =>
  queryOptions({
    queryKey: ['payment-order', orderId],
    queryFn: orderId ? () => getPaymentOrder(orderId) : skipToken,
    retry: false,
  });

export function usePaymentOrder(orderId: string | null) {
  return useQuery(paymentOrderQueryOptions(orderId));
}
