import { CALLS, type CallBody } from '@taxfirm/contract';
import { api } from '../../../lib/api-client.ts';

/** A paid checkout: the server verifies the provider's signature over order and payment id, then records it. */
export function verifyOrder(body: CallBody<typeof CALLS.verifyOrder>) {
  return api(CALLS.verifyOrder, body);
}
