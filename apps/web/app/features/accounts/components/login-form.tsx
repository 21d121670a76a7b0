import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { loginBodySchema, type LoginBody } from '@taxfirm/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
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
  const form = useContractForm(loginBodySchema, {
    defaultValues: { email: '', password: '' } satisfies LoginBody,
  });
  const login = useLogin();
  const resend = useResendVerification();
  const navigate = useNavigate();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    resend.reset();
    try {
      const answer = await login.mutateAsync(values);
      if (answer.mfa_required && answer.mfa_token) {
        setMfaToken(answer.mfa_token);
        return;
      }
      onDone();
      navigate(paths.user.dashboard.getHref());
    } catch (error) {
      setServerFieldErrors(form, error);
      if (error instanceof ApiError && error.code === 'LOGIN_NOT_VERIFIED') setUnverifiedEmail(values.email);
    }
  });

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
    <form noValidate onSubmit={onSubmit} aria-label="Login">
      <Stack gap="md">
        <SuccessAlert message={notice} />
        <FormTextField
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          withAsterisk
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.register('password')}
          error={errors.password?.message}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" onClick={onForgot} fz="sm">
            Forgot Password?
          </Anchor>
        </Group>
        <ApiErrorAlert error={alertError(login.error)} />
        {unverifiedEmail && (
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
        )}
        <Button type="submit" loading={login.isPending} loaderProps={{ 'aria-label': 'Logging in' }}>
          Login
        </Button>
        <Text fz="sm" ta="center">
          New here?{' '}
          <Anchor component="button" type="button" onClick={onRegister} fz="sm">
            Register Now
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
