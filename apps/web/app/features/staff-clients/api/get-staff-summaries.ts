import { CALLS } from '@taxfirm/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A client's tax summaries, drafts included. */
export function getStaffSummaries(clientId: string) {
  return api(CALLS.staffSummaries, { client_id: clientId });
}

/** Without a client: the key of every client's summaries, for invalidation. */
export const staffSummariesQueryOptions = (clientId?: string) =>
  queryOptions({
    queryKey: clientId === undefined ? ['staff-summaries'] : ['staff-summaries', clientId],
    queryFn: clientId === undefined ? skipToken : () => getStaffSummaries(clientId),
  });

export function useStaffSummaries(clientId: string) {
  return useQuery(staffSummariesQueryOptions(clientId));
}
