import { Stack } from '@mantine/core';
import { forgotCheckerBodySchema, PROFILE_CLOSE_MS, type ForgotCheckerBody } from '@taxfirm/contract';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { NewPasswordFields } from '../../../components/ui/password-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { MfaCodeForm } from './mfa-code-form.tsx';
import { useResetLanding } from './reset-landing.ts';

/** After a successful reset, the next page follows after this (spec section 8: 1 s). */
const HOME_AFTER_MS = PROFILE_CLOSE_MS;

/** newpasswordlink?tokenId&userid: choose a new password from the forgot-password e-mail. */
export function NewPasswordForm({ tokenId, userid }: { tokenId: string; userid: string }) {
  const form = useContractForm(forgotCheckerBodySchema, {
    defaultValues: { newpassword: '', confirmpassword: '', tokenId, userid } satisfies ForgotCheckerBody,
  });
  const save = useResetPassword();
  const navigate = useNavigate();
  const landing = useResetLanding();
  // Issue 38: signed in, the dashboard follows (the spec's 1 s), not the public home page.
  const success = useSubmitMessage({ next: landing.next, nextAfterMs: HOME_AFTER_MS });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      landing.land(answer);
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  if (landing.mfaToken) {
    return (
      <MfaCodeForm
        token={landing.mfaToken}
        onDone={() => navigate(paths.user.dashboard.getHref())}
        onRestart={() => navigate(paths.home.getHref())}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create new password">
      <Stack gap="md">
        <NewPasswordFields form={form} name="newpassword" confirmName="confirmpassword" />
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={alertError(save.error)} />
        <SubmitButton pending={save.isPending} busyLabel="Saving" disabled={success.message !== null}>
          Submit
        </SubmitButton>
      </Stack>
    </form>
  );
}
