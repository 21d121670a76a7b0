import { Anchor, Stack, Text } from '@mantine/core';
import {
  loginCodeSendBodySchema,
  loginCodeVerifyBodySchema,
  type LoginCodeSendBody,
  type LoginCodeVerifyBody,
} from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormCodeField, FormEmailField } from '../../../components/ui/form-text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSendLoginCode, useVerifyLoginCode } from '../api/login-code.ts';

type Answer = Awaited<ReturnType<ReturnType<typeof useVerifyLoginCode>['mutateAsync']>>;

/**
 * "E-mail me a code instead" (issue 38), in two steps: the e-mail address, then the 6-digit code it receives.
 * `onAnswer` gets the login answer (signed in, or the second step's token when two-step verification is on).
 */
export function LoginCodeForm({
  onAnswer,
  onBack,
}: {
  onAnswer: (answer: Answer) => void;
  onBack: () => void;
}) {
  const [email, setEmail] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const send = useSendLoginCode();
  const verify = useVerifyLoginCode();
  const emailForm = useContractForm(loginCodeSendBodySchema, {
    defaultValues: { email: '' } satisfies LoginCodeSendBody,
  });
  const codeForm = useContractForm(loginCodeVerifyBodySchema, {
    defaultValues: { email: '', code: '' } satisfies LoginCodeVerifyBody,
  });

  const onSend = emailForm.handleSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync(values);
      setSentMessage(answer.status_smessage);
      codeForm.reset({ email: values.email, code: '' });
      setEmail(values.email);
    } catch (failure) {
      setServerFieldErrors(emailForm, failure);
    }
  });

  const onVerify = codeForm.handleSubmit(async (values) => {
    try {
      onAnswer(await verify.mutateAsync(values));
    } catch (failure) {
      setServerFieldErrors(codeForm, failure);
    }
  });

  const back = (
    <Anchor component="button" type="button" fz="sm" onClick={onBack} w="fit-content">
      Use your password instead
    </Anchor>
  );

  if (email === null) {
    return (
      <form noValidate onSubmit={onSend} aria-label="E-mail me a sign-in code">
        <Stack gap="md">
          <Text fz="sm">We will e-mail you a 6-digit code that signs you in once, within 10 minutes.</Text>
          <FormEmailField form={emailForm} name="email" autoComplete="username" data-autofocus />
          <ApiErrorAlert error={alertError(send.error)} />
          <SubmitButton pending={send.isPending} busyLabel="Sending">
            E-mail me a code
          </SubmitButton>
          {back}
        </Stack>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={onVerify} aria-label="Sign in with the e-mailed code">
      <Stack gap="md">
        <SuccessAlert message={sentMessage} />
        <FormCodeField form={codeForm} name="code" label="Code from the e-mail" data-autofocus />
        <ApiErrorAlert error={alertError(verify.error)} />
        <SubmitButton pending={verify.isPending} busyLabel="Checking">
          Sign in
        </SubmitButton>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          w="fit-content"
          onClick={() => {
            setEmail(null);
            verify.reset();
          }}
        >
          Send a new code
        </Anchor>
        {back}
      </Stack>
    </form>
  );
}
