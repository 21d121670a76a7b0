import { CALLS } from '@taxfirm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { PasskeysPanel } from '../../../components/ui/passkeys-panel.tsx';
import {
  addStaffPasskey,
  removeStaffPasskey,
  staffPasskeyStepUpAnswer,
  staffPasskeysQueryOptions,
  useStaffPasskeys,
} from '../api/staff-passkeys.ts';
import { staffApi } from '../staff-api.ts';

/** The staff member's own passkeys on the console's account page (issue 38). */
export function StaffPasskeys() {
  const passkeys = useStaffPasskeys();
  const queryClient = useQueryClient();
  return (
    <PasskeysPanel
      passkeys={{ data: passkeys.data?.passkeys, isPending: passkeys.isPending, error: passkeys.error }}
      add={addStaffPasskey}
      remove={removeStaffPasskey}
      stepUp={(body) => staffApi(CALLS.staffStepUp, body)}
      stepUpAlternatives={
        (passkeys.data?.passkeys.length ?? 0) > 0 ? { passkey: staffPasskeyStepUpAnswer } : {}
      }
      onChanged={() => void queryClient.invalidateQueries({ queryKey: staffPasskeysQueryOptions().queryKey })}
    />
  );
}
