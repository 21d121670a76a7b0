import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshStaffLists } from '../refresh-staff-lists.ts';

/** Invite a staff member: the account is made and a one-time set-up link e-mailed. */
export function inviteStaff(body: CallBody<typeof CALLS.staffInvite>) {
  return api(CALLS.staffInvite, body);
}

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({ mutationFn: inviteStaff, onSuccess: () => refreshStaffLists(client) });
}
