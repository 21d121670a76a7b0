import { Stack } from '@mantine/core';
import { changePasswordBodySchema, type ChangePasswordBody } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPasswordField, NewPasswordFields } from '../../../components/ui/password-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: ChangePasswordBody = { oldpassword: '', password: '', confirmpassword: '' };

/** user/changepassword: old, new and confirm; other devices are signed out when it succeeds. */
export function ChangePasswordForm() {
  const form = useContractForm(changePasswordBodySchema, { defaultValues: EMPTY });
  const change = useChangePassword();
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
    <form noValidate onSubmit={onSubmit} aria-label="Change Password">
      <Stack gap="md" maw={420}>
        <FormPasswordField
          form={form}
          name="oldpassword"
          label="Old password"
          autoComplete="current-password"
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
          Submit
        </SubmitButton>
      </Stack>
    </form>
  );
}
