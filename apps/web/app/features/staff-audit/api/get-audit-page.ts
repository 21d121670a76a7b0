import { CALLS, type AuditListBody } from '@taxfirm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ENTRIES_PER_PAGE = 50;

/** One page of the audit log, filtered (admins). */
export function getAuditPage(body: AuditListBody) {
  return api(CALLS.auditLog, body);
}

export const auditPageQueryOptions = (body: AuditListBody) =>
  queryOptions({
    queryKey: ['audit-log', body],
    queryFn: () => getAuditPage(body),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useAuditPage(body: AuditListBody) {
  return useQuery(auditPageQueryOptions(body));
}
