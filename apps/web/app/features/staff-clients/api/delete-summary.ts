import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffSummariesQueryOptions } from './get-staff-summaries.ts';

/** Delete a tax summary and its file. */
export function deleteSummary(summaryId: string) {
  return api(CALLS.staffSummaryDelete, { summary_id: summaryId });
}

export function useDeleteSummary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSummary,
    onSuccess: () => client.invalidateQueries({ queryKey: staffSummariesQueryOptions().queryKey }),
  });
}
