import { Stack } from '@mantine/core';
import {
  CONTACT_REDIRECT_MS,
  CONTACT_YEAR,
  contactBodySchema,
  DEFAULT_PHONE_EXTENSION,
  type ContactBody,
} from '@taxfirm/contract';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { FormEmailField, FormTextarea, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useSaveContact } from '../api/save-contact.ts';

const EMPTY: ContactBody = {
  c_name: '',
  c_email: '',
  c_phone_ext: DEFAULT_PHONE_EXTENSION,
  c_phone: '',
  c_message: '',
  c_year: CONTACT_YEAR,
};

/** The Contact Us form: the specification's rules and messages, masked phone, success then home after 2 s. */
export function ContactForm() {
  const form = useContractForm(contactBodySchema, { defaultValues: EMPTY });
  const save = useSaveContact();
  const navigate = useNavigate();
  const success = useSubmitMessage({
    next: () => navigate(paths.home.getHref()),
    nextAfterMs: CONTACT_REDIRECT_MS,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      const answer = await save.mutateAsync(values);
      form.reset(EMPTY);
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form">
      <Stack gap="md">
        <FormTextField form={form} name="c_name" label="Name" withAsterisk autoComplete="name" />
        <FormEmailField form={form} name="c_email" />
        <FormPhoneField form={form} name="c_phone" extensionName="c_phone_ext" label="Phone number" />
        <FormTextarea form={form} name="c_message" label="Message" withAsterisk minRows={4} />
        <SuccessAlert title="Message sent" message={success.message} />
        <ApiErrorAlert error={alertError(save.error)} />
        <SubmitButton pending={save.isPending} busyLabel="Submitting" w={{ base: '100%', sm: 'auto' }}>
          Submit
        </SubmitButton>
      </Stack>
    </form>
  );
}
