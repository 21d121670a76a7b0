import { CALLS, type CallBody, type CallResponse } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type PaymentOrder = CallResponse<typeof CALLS.createOrder>;

/** Whether the current filing opens payment, and the client's orders for it. */
export const paymentStatusQueryOptions = () =>
  queryOptions({ queryKey: ['payment-status'], queryFn: () => api(CALLS.paymentStatus, {}) });

export function usePaymentStatus() {
  return useQuery(paymentStatusQueryOptions());
}

export function useCreateOrder() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.createOrder>) => api(CALLS.createOrder, body),
  });
}

export function verifyOrder(body: CallBody<typeof CALLS.verifyOrder>) {
  return api(CALLS.verifyOrder, body);
}

export function reportFailure(body: CallBody<typeof CALLS.reportPaymentFailure>) {
  return api(CALLS.reportPaymentFailure, body);
}

/** One of the client's own orders: the receipt, or why it did not go through. */
export function usePaymentOrder(orderId: string | null) {
  return useQuery({
    queryKey: ['payment-order', orderId],
    queryFn: () => api(CALLS.paymentOrder, { order_id: orderId ?? '' }),
    enabled: Boolean(orderId),
    retry: false,
  });
}

/** The sandbox checkout's view of the order it is paying. */
export function useSandboxOrder(orderId: string) {
  return useQuery({
    queryKey: ['sandbox-order', orderId],
    queryFn: () => api(CALLS.sandboxOrder, { order_id: orderId }),
  });
}

export function useSandboxPay() {
  return useMutation({
    mutationFn: (body: CallBody<typeof CALLS.sandboxPay>) => api(CALLS.sandboxPay, body),
  });
}

/** After a payment attempt, the portal's view of payment is stale. */
export function useForgetPaymentStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['payment-status'] });
}
