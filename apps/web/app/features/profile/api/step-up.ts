import { CALLS, type StepUpBody } from '@taxfirm/contract';
import { api } from '../../../lib/api-client.ts';

/** Prove this session again (password or authenticator code) before a reveal; good for a few minutes. */
export function stepUp(body: StepUpBody) {
  return api(CALLS.accountStepUp, body);
}
