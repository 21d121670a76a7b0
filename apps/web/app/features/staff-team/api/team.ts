import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useTeam() {
  return useQuery({ queryKey: ['staff-team'], queryFn: () => api(CALLS.staffTeam, {}) });
}

/** Any change to the staff: the team list and the analyst picker are stale afterwards. */
function useTeamMutation<B>(mutationFn: (body: B) => Promise<{ status_smessage: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        ['staff-team', 'staff-members'].map((key) => client.invalidateQueries({ queryKey: [key] })),
      ),
  });
}

export const useInvite = () =>
  useTeamMutation((body: CallBody<typeof CALLS.staffInvite>) => api(CALLS.staffInvite, body));

export type MemberAction = 'deactivate' | 'reactivate' | 'resetmfa';
const actionCalls = {
  deactivate: CALLS.staffDeactivate,
  reactivate: CALLS.staffReactivate,
  resetmfa: CALLS.staffResetMfa,
} as const;

export const useMemberAction = () =>
  useTeamMutation(({ action, userId }: { action: MemberAction; userId: string }) =>
    api(actionCalls[action], { user_id: userId }),
  );
