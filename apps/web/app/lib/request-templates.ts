import { CALLS } from '@taxfirm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The firm's named checklist templates with their items. Shared: the templates page (staff-requests) changes
 * them; a checklist and a bulk action (staff-bulk) apply one.
 */
export function getRequestTemplates() {
  return api(CALLS.staffRequestsTemplates, { action: 'list' });
}

export const requestTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['staff-request-templates'], queryFn: getRequestTemplates, retry: false });

export function useRequestTemplates() {
  return useQuery(requestTemplatesQueryOptions());
}
