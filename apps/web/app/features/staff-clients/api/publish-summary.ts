import { CALLS } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffSummariesQueryOptions } from './get-staff-summaries.ts';

/** Publish a draft summary to the client, who is e-mailed. */
export function publishSummary(summaryId: string) {
  return api(CALLS.staffSummaryPublish, { summary_id: summaryId });
}

export function usePublishSummary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishSummary,
    onSuccess: () => client.invalidateQueries({ queryKey: staffSummariesQueryOptions().queryKey }),
  });
}
