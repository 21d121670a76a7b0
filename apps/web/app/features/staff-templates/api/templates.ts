import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useStatusTemplates() {
  return useQuery({ queryKey: ['status-templates'], queryFn: () => api(CALLS.statusTemplates, {}) });
}

function useTemplateMutation<B>(mutationFn: (body: B) => Promise<{ status_smessage: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['status-templates'] }),
  });
}

export const useSaveTemplate = () =>
  useTemplateMutation((body: CallBody<typeof CALLS.statusTemplateSave>) =>
    api(CALLS.statusTemplateSave, body),
  );
export const useResetTemplate = () =>
  useTemplateMutation((body: CallBody<typeof CALLS.statusTemplateReset>) =>
    api(CALLS.statusTemplateReset, body),
  );
