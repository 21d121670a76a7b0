import { Alert, Anchor, Button, Card, Code, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, mfaEnableBodySchema, mfaLoginBodySchema, type MfaEnableBody } from '@taxfirm/contract';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ApiError } from '../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../lib/form.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { FormCodeField } from './form-text-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { SuccessAlert } from './success-alert.tsx';

/** The QR code and key an authenticator app is set up with (the client's security page, staff enrolment). */
export function AuthenticatorQr({ qrCode, secret }: { qrCode: string; secret: string }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg" c="navy.9">
        1. Scan this code with your app
      </Title>
      <img src={qrCode} alt="QR code to add your account to an authenticator app" width={200} height={200} />
      <Text fz="sm">
        Cannot scan it? Enter this key in the app instead: <Code data-testid="mfa-secret">{secret}</Code>
      </Text>
    </Stack>
  );
}

/** Recovery codes, shown once after two-step verification is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <Stack gap="sm">
        <SuccessAlert message="Two-step verification is on." />
        <Title order={2} fz="lg" c="navy.9">
          Save your recovery codes
        </Title>
        <Text fz="sm">
          If you lose your phone, each of these codes lets you log in once instead of an app code. Keep them
          somewhere safe: they are shown only now.
        </Text>
        <List data-testid="recovery-codes" spacing={4} ff="monospace">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </Stack>
    </Card>
  );
}

/** The second step's code: an app's six digits or a recovery code (enrolment takes the six digits only). */
const secondStepSchema = mfaLoginBodySchema.pick({ code: true });

/**
 * A one-field code form (enrolment, second step): `submit` makes the call; a refusal shows in the alert
 * (`error`) and its field messages on the code. `isExpired` tells the expired second-step token.
 */
function useCodeForm(
  schema: typeof mfaEnableBodySchema | typeof secondStepSchema,
  submit: (code: string) => Promise<unknown>,
) {
  const form = useContractForm(schema, { defaultValues: { code: '' } satisfies MfaEnableBody });
  const [error, setError] = useState<unknown>(null);
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await submit(code);
    } catch (failure) {
      setError(failure);
      setServerFieldErrors(form, failure);
    }
  });
  const isExpired = error instanceof ApiError && error.code === 'MFA_LOGIN_EXPIRED';
  return { form, onSubmit, isSubmitting: form.formState.isSubmitting, error, isExpired };
}

/**
 * Enrolment of an authenticator app: the QR code and key, and the first code that confirms it
 * (`onConfirm` makes the call; its field errors land on the code).
 */
export function AuthenticatorEnrolment({
  qrCode,
  secret,
  onConfirm,
}: {
  qrCode: string;
  secret: string;
  onConfirm: (code: string) => Promise<unknown>;
}) {
  const { form, onSubmit, isSubmitting, error } = useCodeForm(mfaEnableBodySchema, onConfirm);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <AuthenticatorQr qrCode={qrCode} secret={secret} />
      <form noValidate onSubmit={onSubmit} aria-label="Confirm two-step verification">
        <Stack gap="sm">
          <Title order={2} fz="lg" c="navy.9">
            2. Enter the code it shows
          </Title>
          <FormCodeField form={form} name="code" label="6-digit code" />
          <ApiErrorAlert error={alertError(error)} />
          <SubmitButton pending={isSubmitting} busyLabel="Confirming">
            Confirm
          </SubmitButton>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

/**
 * The code that proves it is the account's owner (a login's second step, turning two-step verification off):
 * the one the authenticator app shows, or one of the recovery codes.
 */
export function FormAuthenticationCodeField<Values extends FieldValues, Output>(
  props: Omit<Parameters<typeof FormCodeField<Values, Output>>[0], 'label' | 'description' | 'inputMode'>,
) {
  return (
    <FormCodeField
      {...props}
      label="Authentication code"
      description="The 6-digit code from your app, or one of your recovery codes."
      inputMode="text"
    />
  );
}

/** What a login's second step needs from the first: its token, and where to go on and back. */
export type SecondStepProps = { token: string; onDone: () => void; onRestart: () => void };

/**
 * A login's second step: a code from the authenticator app, or one of the recovery codes. `verify` makes
 * the call with the first step's token (clients and staff each have theirs), then `onDone` runs. An expired
 * attempt offers to log in again.
 */
export function SecondStepForm({
  token,
  verify,
  onDone,
  onRestart,
}: SecondStepProps & { verify: (body: { mfa_token: string; code: string }) => Promise<unknown> }) {
  const { form, onSubmit, isSubmitting, error, isExpired } = useCodeForm(secondStepSchema, async (code) => {
    await verify({ mfa_token: token, code });
    onDone();
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Two-step verification">
      <Stack gap="md">
        <Alert color="blue" role="status">
          {MESSAGES.MFA_REQUIRED}
        </Alert>
        <FormAuthenticationCodeField form={form} name="code" />
        <ApiErrorAlert error={alertError(error)} />
        {isExpired ? (
          <Button onClick={onRestart}>Log in again</Button>
        ) : (
          <SubmitButton pending={isSubmitting} busyLabel="Verifying">
            Verify
          </SubmitButton>
        )}
        <Text fz="sm" ta="center">
          <Anchor component="button" type="button" onClick={onRestart} fz="sm">
            Back to Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
