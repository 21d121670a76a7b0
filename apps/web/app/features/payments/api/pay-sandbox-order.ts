import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Pay the sandbox order with a test card; the answer is what the real checkout hands back. */
export function paySandboxOrder(body: CallBody<typeof CALLS.sandboxPay>) {
  return api(CALLS.sandboxPay, body);
}

export function usePaySandboxOrder() {
  return useMutation({ mutationFn: paySandboxOrder });
}
