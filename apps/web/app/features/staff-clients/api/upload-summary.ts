import { CALLS, SUMMARY_FIELD } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffSummariesQueryOptions } from './get-staff-summaries.ts';

/** Upload a tax summary (a PDF with a title) as a draft for the client. */
export function uploadSummary({ clientId, title, file }: { clientId: string; title: string; file: File }) {
  return api(CALLS.staffSummaryUpload, { client_id: clientId, title }, { [SUMMARY_FIELD]: file });
}

export function useUploadSummary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadSummary,
    onSuccess: () => client.invalidateQueries({ queryKey: staffSummariesQueryOptions().queryKey }),
  });
}
