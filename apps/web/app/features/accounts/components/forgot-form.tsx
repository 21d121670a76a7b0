import { Anchor, Stack, Text } from '@mantine/core';
import { forgotBodySchema, type ForgotBody } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormEmailField } from '../../../components/ui/form-text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** The forgot-password view: e-mail and Submit; on success the panel closes and a popup confirms. */
export function ForgotForm({ onSent, onLogin }: { onSent: (message: string) => void; onLogin: () => void }) {
  const form = useContractForm(forgotBodySchema, { defaultValues: { email: '' } satisfies ForgotBody });
  const forgot = useRequestPasswordReset();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await forgot.mutateAsync(values);
      onSent(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Forgot password">
      <Stack gap="md">
        <Text fz="sm">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </Text>
        <FormEmailField form={form} name="email" />
        <ApiErrorAlert error={alertError(forgot.error)} />
        <SubmitButton pending={forgot.isPending} busyLabel="Sending">
          Submit
        </SubmitButton>
        <Anchor component="button" type="button" onClick={onLogin} fz="sm" ta="center">
          Back to Login
        </Anchor>
      </Stack>
    </form>
  );
}
