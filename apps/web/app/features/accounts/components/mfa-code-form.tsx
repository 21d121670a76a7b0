import { SecondStepForm, type SecondStepProps } from '../../../components/ui/authenticator.tsx';
import { useMfaLogin } from '../api/mfa-login.ts';

/** The login's second step: a code from the authenticator app, or one of the recovery codes. */
export function MfaCodeForm(props: SecondStepProps) {
  const finish = useMfaLogin();
  return <SecondStepForm {...props} verify={finish.mutateAsync} />;
}
