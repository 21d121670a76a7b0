import { Alert, Anchor, Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DEFAULT_PHONE_EXTENSION,
  MESSAGES,
  MIN_PASSWORD_LENGTH,
  REGISTER_PANEL_SWITCH_MS,
  registerBodySchema,
  type RegisterBody,
} from '@taxfirm/contract';
import { useEffect } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { FormEmailField, FormNameFields } from '../../../components/ui/form-text-field.tsx';
import { NewPasswordFields } from '../../../components/ui/password-fields.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { TermsLabel } from '../../../components/ui/terms-label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useRegister } from '../api/register.ts';

const EMPTY = {
  first_name: '',
  last_name: '',
  mobileCountry: DEFAULT_PHONE_EXTENSION,
  phone: '',
  email: '',
  confirmemail: '',
  password: '',
  confirmpassword: '',
  terms: false,
} as unknown as RegisterBody;

/** Transport failures close the panel after this (spec section 8). */
const CLOSE_AFTER_ERROR_MS = 1000;

/**
 * The register view: the spec's fields, rules and messages, a bound terms checkbox, then
 * 'Mail is sent successfully.' and the login view after 3 s.
 */
export function RegisterForm({ onLogin, onClose }: { onLogin: () => void; onClose: () => void }) {
  const form = useContractForm(registerBodySchema, { defaultValues: EMPTY });
  const register = useRegister();
  const success = useSubmitMessage({ next: onLogin, nextAfterMs: REGISTER_PANEL_SWITCH_MS });
  const { errors } = form.formState;

  useEffect(() => {
    if (!(register.error instanceof ApiError) || register.error.code !== 'TRANSPORT') return;
    const timer = setTimeout(onClose, CLOSE_AFTER_ERROR_MS);
    return () => clearTimeout(timer);
  }, [register.error, onClose]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await register.mutateAsync(values);
      form.reset(EMPTY);
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  const inUse = register.error instanceof ApiError && register.error.code === 'EMAIL_IN_USE';

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Register">
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <FormNameFields form={form} first="first_name" last="last_name" />
        </SimpleGrid>
        <FormPhoneField form={form} name="phone" extensionName="mobileCountry" label="Phone number" />
        <FormEmailField form={form} name="email" />
        <FormEmailField form={form} name="confirmemail" label="Confirm email" />
        <NewPasswordFields
          form={form}
          name="password"
          confirmName="confirmpassword"
          label="Password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password, not your e-mail address.`}
        />
        <Checkbox {...form.register('terms')} error={errors.terms?.message} label={<TermsLabel />} />
        <SuccessAlert message={success.message} />
        {inUse ? (
          <Alert color="red" role="alert">
            {MESSAGES.EMAIL_IN_USE_SHOWN}
          </Alert>
        ) : (
          <ApiErrorAlert error={alertError(register.error)} />
        )}
        <SubmitButton pending={register.isPending} busyLabel="Registering">
          Register
        </SubmitButton>
        <Text fz="sm" ta="center">
          Already registered?{' '}
          <Anchor component="button" type="button" onClick={onLogin} fz="sm">
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
