import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateStaffRequests } from './get-staff-requests.ts';

/** E-mail the client a reminder of the open items now (logged like the scheduled ones). */
export function remindClient({ clientId, taxYear }: { clientId: string; taxYear: number }) {
  return api(CALLS.staffRequestsRemind, { client_id: clientId, taxy: taxYear });
}

export function useRemindClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: remindClient, onSuccess: () => invalidateStaffRequests(client) });
}
