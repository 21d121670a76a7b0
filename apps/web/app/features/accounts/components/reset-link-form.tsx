import { Alert, Loader, Stack } from '@mantine/core';
import {
  MESSAGES,
  PROFILE_CLOSE_MS,
  updatePasswordLinkBodySchema,
  type UpdatePasswordLinkBody,
} from '@taxfirm/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/ui/password-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useCheckResetLink } from '../api/check-reset-link.ts';
import { useUpdatePasswordLink } from '../api/update-password-link.ts';
import { MfaCodeForm } from './mfa-code-form.tsx';
import { useResetLanding } from './reset-landing.ts';

/** resetpasswordlink/{id}: a reset link staff sent; the form shows only while the link is live. */
export function ResetLinkForm({ tokenId }: { tokenId: string }) {
  const check = useCheckResetLink();
  const save = useUpdatePasswordLink();
  const navigate = useNavigate();
  const started = useRef(false);
  const landing = useResetLanding();
  // The next page (issue 38: the dashboard signed in, or the second step) follows a moment after the message.
  const success = useSubmitMessage({ next: landing.next, nextAfterMs: PROFILE_CLOSE_MS });
  const form = useContractForm(updatePasswordLinkBodySchema, {
    defaultValues: { token_id: tokenId, newpassword: '', cpassword: '' } satisfies UpdatePasswordLinkBody,
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check.mutate({ tokenid: tokenId });
  }, [check, tokenId]);

  if (landing.mfaToken) {
    return (
      <MfaCodeForm
        token={landing.mfaToken}
        onDone={() => navigate(paths.user.dashboard.getHref())}
        onRestart={() => navigate(paths.home.getHref())}
      />
    );
  }
  if (check.isPending || check.isIdle) {
    return <Loader role="status" aria-label="Checking your link" />;
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
      landing.land(await save.mutateAsync(values));
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
        <NewPasswordFields
          form={form}
          name="newpassword"
          confirmName="cpassword"
          label="Password"
          confirmLabel="Confirm Password"
        />
        <SuccessAlert message={success.message} />
        {failed && (
          <Alert color="red" role="alert">
            {MESSAGES.RESET_LINK_FAILURE}
          </Alert>
        )}
        <SubmitButton pending={save.isPending} busyLabel="Saving" disabled={success.message !== null}>
          Submit
        </SubmitButton>
      </Stack>
    </form>
  );
}
