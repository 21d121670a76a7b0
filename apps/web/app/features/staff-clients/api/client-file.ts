import { CALLS, SUMMARY_FIELD, type CallBody } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One client's file (every read is audited on the server). */
export function useStaffClient(clientId: string) {
  return useQuery({
    queryKey: ['staff-client', clientId],
    queryFn: () => api(CALLS.staffClient, { client_id: clientId }),
    retry: false,
  });
}

export function useStaffMembers() {
  return useQuery({
    queryKey: ['staff-members'],
    queryFn: () => api(CALLS.staffMembers, {}),
    staleTime: 60_000,
  });
}

/** A change to the file: the file, the queues and the lists are stale afterwards. */
function useFileMutation<B, R>(mutationFn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        ['staff-client', 'staff-queues', 'staff-clients', 'staff-documents'].map((key) =>
          client.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

export const useChangeStatus = () =>
  useFileMutation((body: CallBody<typeof CALLS.staffChangeStatus>) => api(CALLS.staffChangeStatus, body));
export const useSetFileNumber = () =>
  useFileMutation((body: CallBody<typeof CALLS.staffSetFileNumber>) => api(CALLS.staffSetFileNumber, body));
/** The next unused file number in the firm's format (a suggestion: nothing is saved). */
export const useSuggestFileNumber = () =>
  useMutation({
    mutationFn: (clientId: string) => api(CALLS.staffNextFileNumber, { client_id: clientId }),
  });
export const useAssign = () =>
  useFileMutation((body: CallBody<typeof CALLS.staffAssign>) => api(CALLS.staffAssign, body));

/** A client's tax summaries, drafts included. */
export function useStaffSummaries(clientId: string) {
  return useQuery({
    queryKey: ['staff-summaries', clientId],
    queryFn: () => api(CALLS.staffSummaries, { client_id: clientId }),
  });
}

function useSummaryMutation<B, R>(mutationFn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff-summaries'] }),
  });
}

export const useUploadSummary = () =>
  useSummaryMutation(({ clientId, title, file }: { clientId: string; title: string; file: File }) =>
    api(CALLS.staffSummaryUpload, { client_id: clientId, title }, { [SUMMARY_FIELD]: file }),
  );
export const usePublishSummary = () =>
  useSummaryMutation((summaryId: string) => api(CALLS.staffSummaryPublish, { summary_id: summaryId }));
export const useDeleteSummary = () =>
  useSummaryMutation((summaryId: string) => api(CALLS.staffSummaryDelete, { summary_id: summaryId }));

export const useSendResetLink = () =>
  useFileMutation((clientId: string) => api(CALLS.staffSendResetLink, { client_id: clientId }));
export const useMarkVerified = () =>
  useFileMutation((clientId: string) => api(CALLS.staffVerifyClient, { client_id: clientId }));

export const useChangeContact = () =>
  useFileMutation((body: CallBody<typeof CALLS.staffClientContact>) => api(CALLS.staffClientContact, body));
export const useAddNote = () =>
  useFileMutation((body: CallBody<typeof CALLS.staffAddNote>) => api(CALLS.staffAddNote, body));
