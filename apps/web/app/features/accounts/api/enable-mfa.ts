import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';

export function enableMfa(body: CallBody<typeof CALLS.mfaEnable>) {
  return api(CALLS.mfaEnable, body);
}

export function useEnableMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    onSuccess: () => client.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
