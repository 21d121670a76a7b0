import { CALLS, type StepUpBody } from '@taxfirm/contract';
import { api } from '../../../lib/api-client.ts';

/** Prove this staff session again (password or authenticator code) before a refund (issue 33). */
export function staffStepUp(body: StepUpBody) {
  return api(CALLS.staffStepUp, body);
}
