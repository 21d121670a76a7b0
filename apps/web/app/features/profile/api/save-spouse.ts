import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { spouseQueryOptions } from './get-spouse.ts';
import { refreshProfileSection } from './get-taxpayer.ts';

export function saveSpouse(body: CallBody<typeof CALLS.saveSpouse>) {
  return api(CALLS.saveSpouse, body);
}

export function useSaveSpouse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSpouse,
    onSettled: () => refreshProfileSection(client, spouseQueryOptions().queryKey),
  });
}
