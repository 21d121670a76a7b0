import { SecondStepForm } from '../../../components/ui/authenticator.tsx';
import { useMfaLogin } from '../api/mfa-login.ts';

/** The login's second step: a code from the authenticator app, or one of the recovery codes. */
export function MfaCodeForm({
  token,
  onDone,
  onRestart,
}: {
  token: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const finish = useMfaLogin();
  return (
    <SecondStepForm
      onVerify={async (code) => {
        await finish.mutateAsync({ mfa_token: token, code });
        onDone();
      }}
      onRestart={onRestart}
    />
  );
}
