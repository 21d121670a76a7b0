import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { LoginBody } from '@taxfirm/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SignInForm, useSignInForm } from '../../../components/ui/sign-in-form.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
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

  const signIn = async (values: LoginBody) => {
    setUnverifiedEmail(null);
    resend.reset();
    const answer = await login.mutateAsync(values);
    if (answer.mfa_required && answer.mfa_token) {
      setMfaToken(answer.mfa_token);
      return;
    }
    onDone();
    // The terms or the §7216 question to answer first (the dashboard would send them there too).
    navigate(answer.consent_required ? paths.user.consents.getHref() : paths.user.dashboard.getHref());
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
        <Text fz="sm" ta="center">
          New here?{' '}
          <Anchor component="button" type="button" onClick={onRegister} fz="sm">
            Register Now
          </Anchor>
        </Text>
      }
    />
  );
}
