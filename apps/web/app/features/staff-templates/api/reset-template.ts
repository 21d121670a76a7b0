import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { statusTemplatesQueryOptions } from './get-status-templates.ts';

/** Return one status's e-mail to the built-in wording. */
export function resetTemplate(body: CallBody<typeof CALLS.statusTemplateReset>) {
  return api(CALLS.statusTemplateReset, body);
}

export function useResetTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: statusTemplatesQueryOptions().queryKey }),
  });
}
