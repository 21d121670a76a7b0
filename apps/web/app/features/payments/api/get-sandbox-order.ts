import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The sandbox checkout's view of the order it is paying. */
export function getSandboxOrder(orderId: string) {
  return api(CALLS.sandboxOrder, { order_id: orderId });
}

export const sandboxOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['sandbox-order', orderId], queryFn: () => getSandboxOrder(orderId) });

export function useSandboxOrder(orderId: string) {
  return useQuery(sandboxOrderQueryOptions(orderId));
}
