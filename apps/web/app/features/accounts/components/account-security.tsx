import { Button, Loader, Stack, Text } from '@mantine/core';
import { mfaDisableBodySchema, type MfaDisableBody } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import {
  AuthenticatorEnrolment,
  FormAuthenticationCodeField,
  RecoveryCodes,
} from '../../../components/ui/authenticator.tsx';
import { FormCurrentPasswordField } from '../../../components/ui/current-password-field.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useDisableMfa } from '../api/disable-mfa.ts';
import { useEnableMfa } from '../api/enable-mfa.ts';
import { useMfaStatus } from '../api/get-mfa-status.ts';
import { useStartMfaSetup } from '../api/start-mfa-setup.ts';

/** Turning two-step verification on (QR code, confirming code, recovery codes shown once) and off. */
export function AccountSecurity() {
  const status = useMfaStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }
  if (status.isPending) return <Loader role="status" aria-label="Loading" />;
  if (status.isError) return <ApiErrorAlert error={status.error} />;
  return status.data.enabled ? <TurnOff /> : <TurnOn onEnabled={setRecoveryCodes} />;
}

function TurnOn({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useStartMfaSetup();
  const enable = useEnableMfa();

  if (!setup.data) {
    return (
      <Stack gap="md" maw={560}>
        <Text>
          Two-step verification is <strong>off</strong>. Turn it on and each login will also ask for a code
          from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or
          1Password), so a stolen password alone cannot open your tax documents.
        </Text>
        <ApiErrorAlert error={setup.error} />
        <Button onClick={() => setup.mutate()} loading={setup.isPending} w={{ base: '100%', sm: 'auto' }}>
          Turn on two-step verification
        </Button>
      </Stack>
    );
  }

  return (
    <AuthenticatorEnrolment
      qrCode={setup.data.qr_code}
      secret={setup.data.secret}
      onConfirm={async (code) => onEnabled((await enable.mutateAsync({ code })).recovery_codes)}
    />
  );
}

function TurnOff() {
  const disable = useDisableMfa();
  const form = useContractForm(mfaDisableBodySchema, {
    defaultValues: { password: '', code: '' } satisfies MfaDisableBody,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <Stack gap="md" maw={480}>
      <SuccessAlert message="Two-step verification is on: each login asks for a code from your authenticator app." />
      <form noValidate onSubmit={onSubmit} aria-label="Turn off two-step verification">
        <Stack gap="sm">
          <FormCurrentPasswordField
            form={form}
            name="password"
            description="Enter your password and a current code to turn two-step verification off."
          />
          <FormAuthenticationCodeField form={form} name="code" />
          <ApiErrorAlert error={alertError(disable.error)} />
          <Button
            type="submit"
            color="red"
            variant="light"
            loading={disable.isPending}
            loaderProps={{ 'aria-label': 'Turning off' }}
          >
            Turn off two-step verification
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
