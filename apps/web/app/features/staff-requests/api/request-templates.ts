import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { requestTemplatesQueryOptions } from '../../../lib/request-templates.ts';
import { invalidateStaffRequests } from './get-staff-requests.ts';

type TemplatesBody = CallBody<typeof CALLS.staffRequestsTemplates>;

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
