import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { staffApi } from '../staff-api.ts';

/** E-mail a staff member a one-time link to set a new password (the same answer for any address). */
export function requestStaffPasswordReset(body: CallBody<typeof CALLS.staffForgot>) {
  return staffApi(CALLS.staffForgot, body);
}

export function useRequestStaffPasswordReset() {
  return useMutation({ mutationFn: requestStaffPasswordReset });
}
