import { Button, PasswordInput, Stack } from '@mantine/core';
import { changePasswordBodySchema, type ChangePasswordBody } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: ChangePasswordBody = { oldpassword: '', password: '', confirmpassword: '' };

/** user/changepassword: old, new and confirm; other devices are signed out when it succeeds. */
export function ChangePasswordForm() {
  const form = useContractForm(changePasswordBodySchema, { defaultValues: EMPTY });
  const change = useChangePassword();
  const success = useSubmitMessage();
  const { errors } = form.formState;

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
        <PasswordInput
          label="Old password"
          autoComplete="current-password"
          withAsterisk
          {...form.register('oldpassword')}
          error={errors.oldpassword?.message}
        />
        <PasswordInput
          label="New password"
          description="At least 10 characters."
          autoComplete="new-password"
          withAsterisk
          {...form.register('password')}
          error={errors.password?.message}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          {...form.register('confirmpassword')}
          error={errors.confirmpassword?.message}
        />
        <SuccessAlert
          message={
            success.message &&
            `${success.message} Every other device signed in to your account has been signed out.`
          }
        />
        <ApiErrorAlert error={alertError(change.error)} />
        <Button
          type="submit"
          loading={change.isPending}
          loaderProps={{ 'aria-label': 'Saving' }}
          w={{ base: '100%', sm: 'auto' }}
        >
          Submit
        </Button>
      </Stack>
    </form>
  );
}
