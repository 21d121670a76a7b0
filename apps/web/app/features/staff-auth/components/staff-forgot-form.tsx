import { Anchor, Stack, Text, Title } from '@mantine/core';
import { forgotBodySchema, type ForgotBody } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormEmailField } from '../../../components/ui/form-text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useRequestStaffPasswordReset } from '../api/request-staff-password-reset.ts';

/**
 * A staff member who lost their password asks for a one-time link by e-mail. The answer is the same whether
 * or not the address is on the staff; the authenticator is still asked for at the next login.
 */
export function StaffForgotForm({ onBack }: { onBack: () => void }) {
  const form = useContractForm(forgotBodySchema, { defaultValues: { email: '' } satisfies ForgotBody });
  const forgot = useRequestStaffPasswordReset();
  const success = useSubmitMessage();

  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      success.show((await forgot.mutateAsync(values)).status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="staff-forgot-heading">
      <Stack gap="md">
        <Title order={1} fz={26} c="navy.9" id="staff-forgot-heading">
          Reset your staff password
        </Title>
        <Text fz="sm">
          Enter the e-mail address of your staff account. We will send you a link to choose a new password;
          your authenticator app is still asked for when you next log in.
        </Text>
        <FormEmailField form={form} name="email" />
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={alertError(forgot.error)} />
        <SubmitButton pending={forgot.isPending} busyLabel="Sending">
          Send the link
        </SubmitButton>
        <Anchor component="button" type="button" onClick={onBack} fz="sm" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
