import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** How often a running job's progress is read. */
const PROGRESS_EVERY_MS = 1_000;

export function getBulkStatus(jobId: string) {
  return api(CALLS.staffBulkStatus, { job_id: jobId });
}

/** Without an id: the key of every job's status, for invalidation. */
export const bulkStatusQueryOptions = (jobId?: string) =>
  queryOptions({
    queryKey: jobId === undefined ? ['staff-bulk'] : ['staff-bulk', jobId],
    queryFn: jobId === undefined ? skipToken : () => getBulkStatus(jobId),
    // Read again every second while the job runs; a finished job does not change.
    refetchInterval: (query) => (query.state.data?.jobs[0]?.state === 'finished' ? false : PROGRESS_EVERY_MS),
  });

export function useBulkStatus(jobId: string | null) {
  return useQuery({ ...bulkStatusQueryOptions(jobId ?? undefined), enabled: jobId !== null });
}
