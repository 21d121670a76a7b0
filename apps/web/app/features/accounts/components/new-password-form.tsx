import { Button, PasswordInput, Stack } from '@mantine/core';
import { forgotCheckerBodySchema, PROFILE_CLOSE_MS, type ForgotCheckerBody } from '@taxfirm/contract';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useResetPassword } from '../api/reset-password.ts';

/** After a successful reset, home follows after this (spec section 8: 1 s). */
const HOME_AFTER_MS = PROFILE_CLOSE_MS;

/** newpasswordlink?tokenId&userid: choose a new password from the forgot-password e-mail. */
export function NewPasswordForm({ tokenId, userid }: { tokenId: string; userid: string }) {
  const form = useContractForm(forgotCheckerBodySchema, {
    defaultValues: { newpassword: '', confirmpassword: '', tokenId, userid } satisfies ForgotCheckerBody,
  });
  const save = useResetPassword();
  const navigate = useNavigate();
  const success = useSubmitMessage({
    next: () => navigate(paths.home.getHref()),
    nextAfterMs: HOME_AFTER_MS,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      success.show((await save.mutateAsync(values)).status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create new password">
      <Stack gap="md">
        <PasswordInput
          label="New password"
          description="At least 10 characters."
          autoComplete="new-password"
          withAsterisk
          {...form.register('newpassword')}
          error={errors.newpassword?.message}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          {...form.register('confirmpassword')}
          error={errors.confirmpassword?.message}
        />
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={alertError(save.error)} />
        <Button
          type="submit"
          loading={save.isPending}
          loaderProps={{ 'aria-label': 'Saving' }}
          disabled={success.message !== null}
        >
          Submit
        </Button>
      </Stack>
    </form>
  );
}
