import { Alert, Anchor, Button, Card, Divider, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import {
  AuthenticatorEnrolment,
  RecoveryCodes,
  SecondStepForm,
  type SecondStepProps,
} from '../../../components/ui/authenticator.tsx';
import { SignInForm, useSignInForm } from '../../../components/ui/sign-in-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmStaffEnrolment } from '../api/confirm-staff-enrolment.ts';
import { useStaffLogin } from '../api/staff-login.ts';
import { useStaffPasskeyLogin } from '../api/staff-passkeys.ts';
import { useStaffLoginMfa } from '../api/staff-login-mfa.ts';
import { useStaffEnrolment } from '../api/start-staff-enrolment.ts';
import { StaffForgotForm } from './staff-forgot-form.tsx';

type Step =
  | { kind: 'password' }
  | { kind: 'forgot' }
  | { kind: 'mfa' | 'enrol'; token: string }
  | { kind: 'codes'; codes: string[] };

/**
 * The staff sign-in: password, then the authenticator code; at first login, enrolment of an authenticator
 * app (it cannot be skipped) and the recovery codes, shown once. `onSignedIn` opens the console.
 */
export function StaffLogin({
  onSignedIn,
  initial,
}: {
  onSignedIn: () => void;
  /** Start at the second step (after a password set from a link): its kind and token. */
  initial?: { kind: 'mfa' | 'enrol'; token: string } | undefined;
}) {
  const [step, setStep] = useState<Step>(initial ?? { kind: 'password' });
  const restart = () => setStep({ kind: 'password' });
  return (
    <Card withBorder radius="md" padding="xl" maw={step.kind === 'enrol' ? 760 : 460} w="100%">
      {step.kind === 'password' && (
        <PasswordStep
          onNext={(kind, token) => setStep({ kind, token })}
          onForgot={() => setStep({ kind: 'forgot' })}
          onSignedIn={onSignedIn}
        />
      )}
      {step.kind === 'forgot' && <StaffForgotForm onBack={restart} />}
      {step.kind === 'mfa' && <CodeStep token={step.token} onDone={onSignedIn} onRestart={restart} />}
      {step.kind === 'enrol' && (
        <EnrolStep
          token={step.token}
          onDone={(codes) => setStep({ kind: 'codes', codes })}
          onRestart={restart}
        />
      )}
      {step.kind === 'codes' && (
        <Stack gap="md">
          <Title order={1} fz={26} c="navy.9">
            Two-step verification is set up
          </Title>
          <RecoveryCodes codes={step.codes} onDone={onSignedIn} />
        </Stack>
      )}
    </Card>
  );
}

function PasswordStep({
  onNext,
  onForgot,
  onSignedIn,
}: {
  onNext: (kind: 'mfa' | 'enrol', token: string) => void;
  onForgot: () => void;
  onSignedIn: () => void;
}) {
  const login = useStaffLogin();
  const passkey = useStaffPasskeyLogin();
  const form = useSignInForm();
  return (
    <SignInForm
      form={form}
      label="Staff login"
      onSignIn={async (values) => {
        const answer = await login.mutateAsync(values);
        onNext(answer.step, answer.mfa_token);
      }}
      pending={login.isPending}
      error={login.error}
      header={
        <Title order={1} fz={26} c="navy.9">
          Staff login
        </Title>
      }
      afterPassword={
        <Anchor component="button" type="button" fz="sm" onClick={onForgot} w="fit-content">
          Forgot password?
        </Anchor>
      }
      footer={
        <Stack gap="sm">
          <Divider label="or" labelPosition="center" />
          <Button
            variant="default"
            onClick={() => passkey.mutate(undefined, { onSuccess: onSignedIn })}
            loading={passkey.isPending}
            loaderProps={{ 'aria-label': 'Waiting for your passkey' }}
          >
            Sign in with a passkey
          </Button>
          {passkey.error ? (
            passkey.error instanceof ApiError ? (
              <ApiErrorAlert error={passkey.error} />
            ) : (
              <Alert color="red" role="alert">
                {MESSAGES.PASSKEY_LOGIN_FAILED}
              </Alert>
            )
          ) : null}
          <Text fz="sm" c="gray.8">
            Staff accounts are created by the firm&apos;s administrator. Two-step verification is required: a
            passkey counts as both steps.
          </Text>
        </Stack>
      }
    />
  );
}

function CodeStep(props: SecondStepProps) {
  const finish = useStaffLoginMfa();
  return (
    <Stack gap="md">
      <Title order={1} fz={26} c="navy.9">
        Two-step verification
      </Title>
      <SecondStepForm {...props} verify={finish.mutateAsync} />
    </Stack>
  );
}

function EnrolStep({
  token,
  onDone,
  onRestart,
}: {
  token: string;
  onDone: (codes: string[]) => void;
  onRestart: () => void;
}) {
  const setup = useStaffEnrolment(token);
  const confirm = useConfirmStaffEnrolment();
  if (setup.error || (confirm.error instanceof ApiError && confirm.error.code === 'MFA_LOGIN_EXPIRED')) {
    return (
      <Stack gap="md">
        <ApiErrorAlert error={setup.error ?? confirm.error} />
        <Button onClick={onRestart}>Log in again</Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} fz={26} c="navy.9">
        Set up two-step verification
      </Title>
      <Text>
        Staff accounts must use an authenticator app (such as Google Authenticator, Microsoft Authenticator or
        1Password): it protects our clients&apos; tax records even if a password leaks. Finish within five
        minutes.
      </Text>
      {setup.data && (
        <AuthenticatorEnrolment
          qrCode={setup.data.qr_code}
          secret={setup.data.secret}
          onConfirm={async (code) =>
            onDone((await confirm.mutateAsync({ mfa_token: token, code })).recovery_codes)
          }
        />
      )}
    </Stack>
  );
}
