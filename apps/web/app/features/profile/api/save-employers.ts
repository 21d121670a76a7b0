import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { employersQueryOptions } from './get-employers.ts';
import { refreshProfileSection } from './get-taxpayer.ts';

export function saveEmployers(body: CallBody<typeof CALLS.saveEmployer>) {
  return api(CALLS.saveEmployer, body);
}

export function useSaveEmployers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveEmployers,
    onSettled: () => refreshProfileSection(client, employersQueryOptions().queryKey),
  });
}
