import { CALLS, type AuditListBody } from '@taxfirm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ENTRIES_PER_PAGE = 50;

export function useAuditPage(body: AuditListBody) {
  return useQuery({
    queryKey: ['audit-log', body],
    queryFn: () => api(CALLS.auditLog, body),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every staff member, deactivated ones included: their past actions stay in the log. */
export function useAuditActors() {
  return useQuery({ queryKey: ['staff-team'], queryFn: () => api(CALLS.staffTeam, {}) });
}
