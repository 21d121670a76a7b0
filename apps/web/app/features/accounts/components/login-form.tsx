import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, type LoginBody } from '@taxfirm/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SignInForm, useSignInForm } from '../../../components/ui/sign-in-form.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { usePasskeyLogin } from '../api/passkeys.ts';
import { LoginCodeForm } from './login-code-form.tsx';
import { PasskeyErrorAlert } from './passkey-error-alert.tsx';
import { useResendVerification } from '../api/resend-verification.ts';
import { MfaCodeForm } from './mfa-code-form.tsx';

/** The login view of the side panel: e-mail, password, Forgot Password, Login, Register Now. */
export function LoginForm({
  notice,
  onForgot,
  onRegister,
  onDone,
}: {
  notice?: string | null;
  onForgot: () => void;
  onRegister: () => void;
  onDone: () => void;
}) {
  const form = useSignInForm();
  const login = useLogin();
  const resend = useResendVerification();
  const navigate = useNavigate();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [byCode, setByCode] = useState(false);
  const passkey = usePasskeyLogin();

  /** A login's answer: the second step, or signed in (the terms or the §7216 question first, if due). */
  const land = (answer: { mfa_required?: true; mfa_token?: string; consent_required?: true }) => {
    if (answer.mfa_required && answer.mfa_token) {
      setMfaToken(answer.mfa_token);
      return;
    }
    onDone();
    navigate(answer.consent_required ? paths.user.consents.getHref() : paths.user.dashboard.getHref());
  };

  const signIn = async (values: LoginBody) => {
    setUnverifiedEmail(null);
    resend.reset();
    land(await login.mutateAsync(values));
  };

  if (mfaToken) {
    return (
      <MfaCodeForm
        token={mfaToken}
        onDone={() => {
          onDone();
          navigate(paths.user.dashboard.getHref());
        }}
        onRestart={() => setMfaToken(null)}
      />
    );
  }

  if (byCode) {
    return <LoginCodeForm onAnswer={land} onBack={() => setByCode(false)} />;
  }

  return (
    <SignInForm
      form={form}
      label="Login"
      onSignIn={signIn}
      onFailure={(error, values) => {
        if (error instanceof ApiError && error.code === 'LOGIN_NOT_VERIFIED')
          setUnverifiedEmail(values.email);
      }}
      pending={login.isPending}
      error={login.error}
      header={<SuccessAlert message={notice} />}
      afterPassword={
        <Group justify="flex-end">
          <Anchor component="button" type="button" onClick={onForgot} fz="sm">
            Forgot Password?
          </Anchor>
        </Group>
      }
      afterError={
        unverifiedEmail && (
          <Stack gap="xs">
            <Button
              variant="light"
              onClick={() => resend.mutate({ email: unverifiedEmail })}
              loading={resend.isPending}
              loaderProps={{ 'aria-label': 'Sending' }}
            >
              Send the verification link again
            </Button>
            <SuccessAlert message={resend.data?.status_smessage} />
            <ApiErrorAlert error={resend.error} />
          </Stack>
        )
      }
      footer={
        <Stack gap="sm">
          <Divider label="or" labelPosition="center" />
          <Button
            variant="default"
            onClick={() => passkey.mutate(undefined, { onSuccess: land })}
            loading={passkey.isPending}
            loaderProps={{ 'aria-label': 'Waiting for your passkey' }}
          >
            Sign in with a passkey
          </Button>
          <PasskeyErrorAlert error={passkey.error} fallback={MESSAGES.PASSKEY_LOGIN_FAILED} />
          <Anchor component="button" type="button" fz="sm" onClick={() => setByCode(true)} ta="center">
            E-mail me a code instead
          </Anchor>
          <Text fz="sm" ta="center">
            New here?{' '}
            <Anchor component="button" type="button" onClick={onRegister} fz="sm">
              Register Now
            </Anchor>
          </Text>
        </Stack>
      }
    />
  );
}
