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
  return <SecondStepForm token={token} verify={finish.mutateAsync} onDone={onDone} onRestart={onRestart} />;
}
