import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import {
  clientReferralBodySchema,
  DEFAULT_PHONE_EXTENSION,
  publicReferralBodySchema,
  type PublicReferralBody,
} from '@taxfirm/contract';
import { useEffect } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { FormEmailField, FormTextarea, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { useSaveReferral } from '../api/save-referral.ts';

const EMPTY: PublicReferralBody = {
  rf_on_name: '',
  rf_on_email: '',
  rf_on_phone_ext: DEFAULT_PHONE_EXTENSION,
  rf_on_phone: '',
  rf_name: '',
  rf_email: '',
  rf_phone_ext: DEFAULT_PHONE_EXTENSION,
  rf_phone: '',
  rf_comment: '',
  rf_user_id: 0,
};

/**
 * The Refer a Friend form: every field required; a friend e-mail equal to one's own is refused, in the
 * public page's words or the client page's. `onSaved` runs after a stored referral (the client page moves on).
 */
export function ReferralForm({
  variant = 'public',
  onSaved,
}: { variant?: 'public' | 'client'; onSaved?: () => void } = {}) {
  const form = useContractForm(variant === 'client' ? clientReferralBodySchema : publicReferralBodySchema, {
    defaultValues: EMPTY,
  });
  const save = useSaveReferral();
  const success = useSubmitMessage();
  // A logged-in client refers as themselves: name and e-mail come from the login and cannot be changed
  // (the server takes them from the account in any case).
  const session = useSessionInfo();
  const referrer = session ? { rf_on_name: session.userName, rf_on_email: session.email } : null;
  useEffect(() => {
    if (!session) return;
    form.setValue('rf_on_name', session.userName);
    form.setValue('rf_on_email', session.email);
  }, [session, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      const answer = await save.mutateAsync(values);
      form.reset({ ...EMPTY, ...referrer });
      success.show(answer.status_smessage);
      onSaved?.();
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  const phone = (
    name: 'rf_on_phone' | 'rf_phone',
    extName: 'rf_on_phone_ext' | 'rf_phone_ext',
    label: string,
    extensionLabel: string,
  ) => (
    <FormPhoneField
      form={form}
      name={name}
      extensionName={extName}
      label={label}
      extensionLabel={extensionLabel}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Refer a friend">
      <Stack gap="lg">
        <Fieldset legend="About you">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FormTextField
                form={form}
                name="rf_on_name"
                label="Name"
                withAsterisk
                autoComplete="name"
                readOnly={Boolean(session)}
              />
              <FormEmailField form={form} name="rf_on_email" readOnly={Boolean(session)} />
            </SimpleGrid>
            {phone('rf_on_phone', 'rf_on_phone_ext', 'Phone number', 'Country code')}
          </Stack>
        </Fieldset>
        <Fieldset legend="Your friend">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FormTextField form={form} name="rf_name" label="Your friend name" withAsterisk />
              <FormTextField
                form={form}
                name="rf_email"
                label="Your friend email"
                type="email"
                withAsterisk
              />
            </SimpleGrid>
            {phone('rf_phone', 'rf_phone_ext', 'Your friend phone number', 'Friend country code')}
          </Stack>
        </Fieldset>
        <FormTextarea
          form={form}
          name="rf_comment"
          label="Message"
          description="Tell us how we can help your friend."
          withAsterisk
          minRows={3}
        />
        <SuccessAlert title="Referral sent" message={success.message} />
        <ApiErrorAlert error={alertError(save.error)} />
        <SubmitButton
          pending={save.isPending}
          busyLabel="Submitting"
          busy="text"
          w={{ base: '100%', sm: 'auto' }}
        >
          Submit
        </SubmitButton>
      </Stack>
    </form>
  );
}
