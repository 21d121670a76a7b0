import { Alert, Button, Loader, PasswordInput, Stack } from '@mantine/core';
import {
  MESSAGES,
  PROFILE_CLOSE_MS,
  updatePasswordLinkBodySchema,
  type UpdatePasswordLinkBody,
} from '@taxfirm/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
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
  const [done, setDone] = useState(false);
  const form = useContractForm(updatePasswordLinkBodySchema, {
    defaultValues: { token_id: tokenId, newpassword: '', cpassword: '' } satisfies UpdatePasswordLinkBody,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check.mutate({ tokenid: tokenId });
  }, [check, tokenId]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.home.getHref()), PROFILE_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

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
      setDone(true);
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
        {done && (
          <Alert color="green" role="status">
            {MESSAGES.RESET_LINK_SUCCESS}
          </Alert>
        )}
        {failed && (
          <Alert color="red" role="alert">
            {MESSAGES.RESET_LINK_FAILURE}
          </Alert>
        )}
        <Button
          type="submit"
          loading={save.isPending}
          loaderProps={{ 'aria-label': 'Saving' }}
          disabled={done}
        >
          Submit
        </Button>
      </Stack>
    </form>
  );
}
