import { CALLS, type StaffRequestsSaveBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateStaffRequests } from './get-staff-requests.ts';

/** One change to a file's checklist: add, edit, remove, not applicable, reopen, reorder, apply a template. */
export function saveRequest(body: StaffRequestsSaveBody) {
  return api(CALLS.staffRequestsSave, body);
}

export function useSaveRequest() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveRequest, onSuccess: () => invalidateStaffRequests(client) });
}
