import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES, STEP_UP_MINUTES, stepUpBodySchema, type StepUpBody } from '@taxfirm/contract';
import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../lib/form.ts';
import { Dialog } from './dialog.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { FormCodeField } from './form-text-field.tsx';
import { FormCurrentPasswordField } from './current-password-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { SuccessAlert } from './success-alert.tsx';

/** Proves the session again (account/stepup or staff/stepup, by the caller's surface). */
export type StepUp = (body: StepUpBody) => Promise<unknown>;

/**
 * Other proofs a surface may offer (issue 38): one of the session's own passkeys (`passkey` asks the server
 * for a challenge and the browser for the answer), or (clients) a fresh code e-mailed to the session's own
 * address (`sendEmailCode`).
 */
export type StepUpAlternatives = {
  passkey?: () => Promise<NonNullable<StepUpBody['passkey']>>;
  sendEmailCode?: () => Promise<{ status_smessage: string }>;
};

const EMPTY: StepUpBody = { password: '', code: '' };

/**
 * A small dialog asking for the password, or a code from the authenticator app, before a sensitive action
 * (revealing an identity number, changing sign-in details). `confirm` makes the step-up call; its refusals show
 * on the field. Escape and Cancel close it (`onCancel`).
 */
export function StepUpDialog({
  opened,
  confirm,
  onConfirmed,
  onCancel,
  alternatives = {},
}: {
  opened: boolean;
  confirm: StepUp;
  onConfirmed: () => void;
  onCancel: () => void;
  alternatives?: StepUpAlternatives;
}) {
  const [mode, setMode] = useState<'password' | 'code' | 'email'>('password');
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useContractForm(stepUpBodySchema, { defaultValues: EMPTY });

  const close = () => {
    form.reset(EMPTY);
    setError(null);
    setSent(null);
    setMode('password');
  };
  const switchMode = () => {
    form.reset(EMPTY);
    setError(null);
    setMode(mode === 'password' ? 'code' : 'password');
  };
  const emailCode = async () => {
    const send = alternatives.sendEmailCode;
    if (!send) return;
    setError(null);
    setBusy(true);
    try {
      setSent((await send()).status_smessage);
      form.reset({ ...EMPTY, email_code: '' });
      setMode('email');
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const withPasskey = async () => {
    const answer = alternatives.passkey;
    if (!answer) return;
    setError(null);
    setBusy(true);
    try {
      await confirm({ passkey: await answer() });
      close();
      onConfirmed();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure
          : new ApiError(MESSAGES.PASSKEY_REFUSED, { status: 400, code: 'VALIDATION_FAILED' }),
      );
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await confirm(
        mode === 'password'
          ? { password: values.password ?? '' }
          : mode === 'email'
            ? { email_code: values.email_code ?? '' }
            : { code: values.code ?? '' },
      );
      close();
      onConfirmed();
    } catch (failure) {
      setError(failure);
      setServerFieldErrors(form, failure);
    }
  });

  return (
    <Dialog
      opened={opened}
      onClose={() => {
        close();
        onCancel();
      }}
      title="Confirm it is you"
    >
      <form
        noValidate
        // The dialog is portalled, but React still bubbles its submit to a form around the caller.
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event);
        }}
        aria-label="Confirm it is you"
      >
        <Stack gap="sm">
          <Text fz="sm">
            {mode === 'password'
              ? `For your clients' safety, enter your password again. You will not be asked again for ${STEP_UP_MINUTES} minutes.`
              : mode === 'email'
                ? `Enter the 6-digit code we e-mailed you. You will not be asked again for ${STEP_UP_MINUTES} minutes.`
                : `Enter the 6-digit code from your authenticator app (or a recovery code). You will not be asked again for ${STEP_UP_MINUTES} minutes.`}
          </Text>
          {mode === 'email' && <SuccessAlert message={sent} />}
          {mode === 'password' ? (
            <FormCurrentPasswordField form={form} name="password" data-autofocus />
          ) : mode === 'email' ? (
            <FormCodeField form={form} name="email_code" label="Code from the e-mail" data-autofocus />
          ) : (
            <FormCodeField form={form} name="code" label="Authenticator code" data-autofocus />
          )}
          <Anchor component="button" type="button" fz="sm" onClick={switchMode} w="fit-content">
            {mode === 'password' ? 'Use an authenticator code instead' : 'Use your password instead'}
          </Anchor>
          {alternatives.sendEmailCode && mode !== 'email' && (
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => void emailCode()}
              w="fit-content"
              disabled={busy}
            >
              E-mail me a code instead
            </Anchor>
          )}
          {alternatives.passkey && (
            <Button variant="default" onClick={() => void withPasskey()} loading={busy}>
              Use a passkey
            </Button>
          )}
          <ApiErrorAlert error={alertError(error)} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                close();
                onCancel();
              }}
            >
              Cancel
            </Button>
            <SubmitButton pending={form.formState.isSubmitting} busyLabel="Checking">
              Confirm
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** The refusal of a sensitive call made without a fresh step-up. */
export function isStepUpRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'STEP_UP_REQUIRED';
}

/**
 * Run sensitive calls with a step-up when the server asks for one: `withStepUp(action)` runs the action; if it
 * answers STEP_UP_REQUIRED, the dialog (render `dialog`) asks for the password or a code, then the action runs
 * once more. Cancelling rejects with the server's refusal. Without `confirm` the action simply runs.
 */
export function useStepUp(
  confirm: StepUp | undefined,
  alternatives: StepUpAlternatives = {},
): {
  withStepUp: <T>(action: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [opened, setOpened] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: () => void } | null>(null);

  const withStepUp = async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!confirm || !isStepUpRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject: () => reject(error) };
        setOpened(true);
      });
      return action();
    }
  };
  const settle = (outcome: 'resolve' | 'reject') => {
    setOpened(false);
    waiting.current?.[outcome]();
    waiting.current = null;
  };

  return {
    withStepUp,
    dialog: confirm ? (
      <StepUpDialog
        opened={opened}
        confirm={confirm}
        alternatives={alternatives}
        onConfirmed={() => settle('resolve')}
        onCancel={() => settle('reject')}
      />
    ) : null,
  };
}
