import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The first code from the new authenticator: enrolment ends, the session starts, recovery codes follow. */
export function confirmStaffEnrolment(body: CallBody<typeof CALLS.staffEnrolConfirm>) {
  return api(CALLS.staffEnrolConfirm, body);
}

export function useConfirmStaffEnrolment() {
  return useMutation({ mutationFn: confirmStaffEnrolment });
}
