import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dependentsQueryOptions } from './get-dependents.ts';
import { refreshProfileSection } from './get-taxpayer.ts';

export function saveDependents(body: CallBody<typeof CALLS.saveDependents>) {
  return api(CALLS.saveDependents, body);
}

export function useSaveDependents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDependents,
    onSettled: () => refreshProfileSection(client, dependentsQueryOptions().queryKey),
  });
}
