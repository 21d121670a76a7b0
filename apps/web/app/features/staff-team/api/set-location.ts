import { CALLS, type StaffLocation } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshStaffLists } from '../refresh-staff-lists.ts';

/** Set where a staff member works: offshore staff cannot open US-only files (issue 19). */
export function setLocation({ userId, location }: { userId: string; location: StaffLocation }) {
  return api(CALLS.staffSetLocation, { user_id: userId, location });
}

export function useSetLocation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setLocation, onSuccess: () => refreshStaffLists(client) });
}
