import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, mfaLoginBodySchema, type MfaLoginBody } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useMfaLogin } from '../api/accounts.ts';

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
  const form = useContractForm(mfaLoginBodySchema, {
    defaultValues: { mfa_token: token, code: '' } satisfies MfaLoginBody,
  });
  const finish = useMfaLogin();
  const { errors } = form.formState;
  const expired = finish.error instanceof ApiError && finish.error.message === MESSAGES.MFA_LOGIN_EXPIRED;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await finish.mutateAsync(values);
      onDone();
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Two-step verification">
      <Stack gap="md">
        <Alert color="blue" role="status">
          {MESSAGES.MFA_REQUIRED}
        </Alert>
        <TextInput
          label="Authentication code"
          description="The 6-digit code from your app, or one of your recovery codes."
          autoComplete="one-time-code"
          inputMode="text"
          withAsterisk
          {...form.register('code')}
          error={errors.code?.message}
        />
        <ApiErrorAlert error={alertError(finish.error)} />
        {expired ? (
          <Button onClick={onRestart}>Log in again</Button>
        ) : (
          <Button type="submit" loading={finish.isPending} loaderProps={{ 'aria-label': 'Verifying' }}>
            Verify
          </Button>
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
