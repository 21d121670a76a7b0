import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshProfileSection, taxpayerQueryOptions } from './get-taxpayer.ts';

export function saveTaxpayer(body: CallBody<typeof CALLS.saveTaxpayer>) {
  return api(CALLS.saveTaxpayer, body);
}

export function useSaveTaxpayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTaxpayer,
    onSettled: () => refreshProfileSection(client, taxpayerQueryOptions().queryKey),
  });
}
