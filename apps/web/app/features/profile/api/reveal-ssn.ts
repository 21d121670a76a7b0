import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Show one stored number in full (the server writes each reveal to the audit log). */
export function revealSsn(body: CallBody<typeof CALLS.revealSsn>) {
  return api(CALLS.revealSsn, body);
}

export function useRevealSsn() {
  return useMutation({ mutationFn: revealSsn });
}
