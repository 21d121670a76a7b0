import { CALLS, type CallBody } from '@taxfirm/contract';
import { api } from '../../../lib/api-client.ts';

/** Record a failed attempt on an own order, once the provider confirms that the payment failed. */
export function reportFailure(body: CallBody<typeof CALLS.reportPaymentFailure>) {
  return api(CALLS.reportPaymentFailure, body);
}
