import { Alert, Button, Loader, PasswordInput, Stack } from '@mantine/core';
import {
  MESSAGES,
  PROFILE_CLOSE_MS,
  updatePasswordLinkBodySchema,
  type UpdatePasswordLinkBody,
} from '@taxfirm/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useCheckResetLink } from '../api/check-reset-link.ts';
import { useUpdatePasswordLink } from '../api/update-password-link.ts';

/** resetpasswordlink/{id}: a reset link staff sent; the form shows only while the link is live. */
export function ResetLinkForm({ tokenId }: { tokenId: string }) {
  const check = useCheckResetLink();
  const save = useUpdatePasswordLink();
  const navigate = useNavigate();
  const started = useRef(false);
  // Home follows a moment after the message.
  const success = useSubmitMessage({
    next: () => navigate(paths.home.getHref()),
    nextAfterMs: PROFILE_CLOSE_MS,
  });
  const form = useContractForm(updatePasswordLinkBodySchema, {
    defaultValues: { token_id: tokenId, newpassword: '', cpassword: '' } satisfies UpdatePasswordLinkBody,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check.mutate({ tokenid: tokenId });
  }, [check, tokenId]);

  if (check.isPending || check.isIdle) {
    return <Loader aria-label="Checking your link" />;
  }
  if (check.isError) {
    return (
      <Alert color="red" role="alert">
        {MESSAGES.RESET_LINK_EXPIRED}
      </Alert>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      success.show(MESSAGES.RESET_LINK_SUCCESS);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  // Field problems show on the fields; anything else is the spec's failure message.
  const failed =
    save.isError && !(save.error instanceof ApiError && Object.keys(save.error.details).length > 0);

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Reset password">
      <Stack gap="md">
        <PasswordInput
          label="Password"
          description="At least 10 characters."
          autoComplete="new-password"
          withAsterisk
          {...form.register('newpassword')}
          error={errors.newpassword?.message}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          withAsterisk
          {...form.register('cpassword')}
          error={errors.cpassword?.message}
        />
        <SuccessAlert message={success.message} />
        {failed && (
          <Alert color="red" role="alert">
            {MESSAGES.RESET_LINK_FAILURE}
          </Alert>
        )}
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
