import { CALLS, type StepUpBody } from '@taxfirm/contract';
import { api } from '../../lib/api-client.ts';

/**
 * Prove this staff session again (password or authenticator code) before a reveal, a sign-in change or adding
 * a household member: the console's one step-up call, for `useStepUp`.
 */
export function staffStepUp(body: StepUpBody) {
  return api(CALLS.staffStepUp, body);
}
