import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshStaffLists } from '../refresh-staff-lists.ts';

/** Set (a day) or remove (null) a seasonal member's last day of access (issue 36). */
export function setAccessEnd({ userId, day }: { userId: string; day: string | null }) {
  return api(CALLS.staffSetAccessEnd, { user_id: userId, access_ends_on: day });
}

export function useSetAccessEnd() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setAccessEnd, onSuccess: () => refreshStaffLists(client) });
}
