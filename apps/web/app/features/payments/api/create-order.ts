import { CALLS, type CallBody, type CallResponse } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type PaymentOrder = CallResponse<typeof CALLS.createOrder>;

export function createOrder(body: CallBody<typeof CALLS.createOrder>) {
  return api(CALLS.createOrder, body);
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
