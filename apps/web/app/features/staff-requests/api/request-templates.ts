import { CALLS, type CallBody } from '@taxfirm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateStaffRequests } from './get-staff-requests.ts';

type TemplatesBody = CallBody<typeof CALLS.staffRequestsTemplates>;

/** The firm's named checklist templates with their items. */
export function getRequestTemplates() {
  return api(CALLS.staffRequestsTemplates, { action: 'list' });
}

export const requestTemplatesQueryOptions = () =>
  queryOptions({ queryKey: ['staff-request-templates'], queryFn: getRequestTemplates, retry: false });

export function useRequestTemplates() {
  return useQuery(requestTemplatesQueryOptions());
}

/** Save (create or replace), save a file's checklist as a template, or delete one. */
export function changeRequestTemplates(body: Exclude<TemplatesBody, { action: 'list' }>) {
  return api(CALLS.staffRequestsTemplates, body);
}

/** Templates are listed on the templates page and in every checklist's "Apply template". */
export function useChangeRequestTemplates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeRequestTemplates,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: requestTemplatesQueryOptions().queryKey }),
        invalidateStaffRequests(client),
      ]),
  });
}
