import { CALLS } from '@taxfirm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { PasskeysPanel } from '../../../components/ui/passkeys-panel.tsx';
import { api } from '../../../lib/api-client.ts';
import {
  clientStepUp,
  passkeysQueryOptions,
  useClientStepUpAlternatives,
} from '../../../components/ui/client-step-up.ts';
import { addPasskey, usePasskeys } from '../api/passkeys.ts';

/** The client's passkeys on the account page (issue 38): list, add, remove (after a step-up). */
export function AccountPasskeys() {
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const alternatives = useClientStepUpAlternatives();
  return (
    <PasskeysPanel
      passkeys={{ data: passkeys.data?.passkeys, isPending: passkeys.isPending, error: passkeys.error }}
      add={addPasskey}
      remove={(id) => api(CALLS.passkeysRemove, { id })}
      stepUp={clientStepUp}
      stepUpAlternatives={alternatives}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey })}
    />
  );
}
