import { CALLS, type CallBody } from '@taxfirm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';

export function disableMfa(body: CallBody<typeof CALLS.mfaDisable>) {
  return api(CALLS.mfaDisable, body);
}

export function useDisableMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => client.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
