import { Stack } from '@mantine/core';
import { staffChangePasswordBodySchema, type StaffChangePasswordBody } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { FormPasswordField, NewPasswordFields } from '../../../components/ui/password-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useChangeStaffPassword } from '../api/change-staff-password.ts';

const EMPTY: StaffChangePasswordBody = { oldpassword: '', code: '', password: '', confirmpassword: '' };

/**
 * A staff member changes their own password: the current password and a code from the authenticator app
 * prove it is them. Every other session ends; this browser goes on with a new one.
 */
export function StaffPasswordForm() {
  const form = useContractForm(staffChangePasswordBodySchema, { defaultValues: EMPTY });
  const change = useChangeStaffPassword();
  const success = useSubmitMessage();

  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      const answer = await change.mutateAsync(values);
      form.reset(EMPTY);
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change password">
      <Stack gap="md" maw={420}>
        <FormPasswordField
          form={form}
          name="oldpassword"
          label="Current password"
          autoComplete="current-password"
          withAsterisk
        />
        <FormTextField
          form={form}
          name="code"
          label="Authenticator code"
          description="The 6-digit code your authenticator app shows now."
          autoComplete="one-time-code"
          inputMode="numeric"
          withAsterisk
        />
        <NewPasswordFields form={form} name="password" confirmName="confirmpassword" />
        <SuccessAlert
          message={
            success.message &&
            `${success.message} Every other device signed in to your account has been signed out.`
          }
        />
        <ApiErrorAlert error={alertError(change.error)} />
        <SubmitButton pending={change.isPending} busyLabel="Saving" w={{ base: '100%', sm: 'auto' }}>
          Change password
        </SubmitButton>
      </Stack>
    </form>
  );
}
