import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { statusTemplatesQueryOptions } from './get-status-templates.ts';

export function saveTemplate(body: CallBody<typeof CALLS.statusTemplateSave>) {
  return api(CALLS.statusTemplateSave, body);
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: statusTemplatesQueryOptions().queryKey }),
  });
}
