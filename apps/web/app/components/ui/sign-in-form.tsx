import { Stack } from '@mantine/core';
import { loginBodySchema, type LoginBody } from '@taxfirm/contract';
import type { ReactNode } from 'react';
import { alertError, setServerFieldErrors, useContractForm } from '../../lib/form.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { FormEmailField } from './form-text-field.tsx';
import { FormCurrentPasswordField } from './current-password-field.tsx';
import { SubmitButton } from './submit-button.tsx';

/** The form of a `SignInForm`, held by its owner so what was typed survives a second step and its Back. */
export function useSignInForm() {
  return useContractForm(loginBodySchema, {
    defaultValues: { email: '', password: '' } satisfies LoginBody,
  });
}

/**
 * A login's first step (clients and staff): e-mail and password, the refusal, and Login. `onSignIn` makes
 * the call; when it throws, the server's field messages land on the fields and `onFailure` hears of it.
 * The slots place what differs: `header` above the e-mail, `afterPassword`, `afterError` (under the alert)
 * and `footer` under Login.
 */
export function SignInForm({
  form,
  label,
  onSignIn,
  onFailure,
  pending,
  error,
  header,
  afterPassword,
  afterError,
  footer,
}: {
  form: ReturnType<typeof useSignInForm>;
  label: string;
  onSignIn: (values: LoginBody) => Promise<unknown>;
  onFailure?: (failure: unknown, values: LoginBody) => void;
  pending: boolean;
  error: unknown;
  header?: ReactNode;
  afterPassword?: ReactNode;
  afterError?: ReactNode;
  footer?: ReactNode;
}) {
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSignIn(values);
    } catch (failure) {
      setServerFieldErrors(form, failure);
      onFailure?.(failure, values);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack gap="md">
        {header}
        <FormEmailField form={form} name="email" autoComplete="username" />
        <FormCurrentPasswordField form={form} name="password" />
        {afterPassword}
        <ApiErrorAlert error={alertError(error)} />
        {afterError}
        <SubmitButton pending={pending} busyLabel="Logging in">
          Login
        </SubmitButton>
        {footer}
      </Stack>
    </form>
  );
}
