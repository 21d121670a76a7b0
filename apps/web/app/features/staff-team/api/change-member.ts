import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshStaffLists } from '../refresh-staff-lists.ts';

export type MemberAction = 'deactivate' | 'reactivate' | 'resetmfa';
const actionCalls = {
  deactivate: CALLS.staffDeactivate,
  reactivate: CALLS.staffReactivate,
  resetmfa: CALLS.staffResetMfa,
} as const;

/** Deactivate or reactivate a staff account, or reset its lost authenticator. */
export function changeMember({ action, userId }: { action: MemberAction; userId: string }) {
  return api(actionCalls[action], { user_id: userId });
}

export function useChangeMember() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeMember, onSuccess: () => refreshStaffLists(client) });
}
