import { CALLS, type StaffBulkStartBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bulkStatusQueryOptions } from './get-bulk-status.ts';

/** Start a bulk action over a queue's selection (issue 36). */
export function startBulk(body: StaffBulkStartBody) {
  return api(CALLS.staffBulkStart, body);
}

export function useStartBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startBulk,
    onSuccess: () => client.invalidateQueries({ queryKey: bulkStatusQueryOptions().queryKey }),
  });
}
