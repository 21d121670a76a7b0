import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation } from '@tanstack/react-query';
import { staffApi } from '../staff-api.ts';

/** The staff member's own password: the current one and an authenticator code; other sessions end. */
export function changeStaffPassword(body: CallBody<typeof CALLS.staffChangePassword>) {
  return staffApi(CALLS.staffChangePassword, body);
}

export function useChangeStaffPassword() {
  return useMutation({ mutationFn: changeStaffPassword });
}
