import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import {
  CONTACT_REDIRECT_MS,
  CONTACT_YEAR,
  contactBodySchema,
  DEFAULT_PHONE_EXTENSION,
  type ContactBody,
} from '@taxfirm/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
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
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(paths.home.getHref()), CONTACT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setSuccess(null);
    try {
      const answer = await save.mutateAsync(values);
      form.reset(EMPTY);
      setSuccess(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact form">
      <Stack gap="md">
        <TextInput
          label="Name"
          withAsterisk
          autoComplete="name"
          {...form.register('c_name')}
          error={errors.c_name?.message}
        />
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          autoComplete="email"
          {...form.register('c_email')}
          error={errors.c_email?.message}
        />
        <FormPhoneField form={form} name="c_phone" extensionName="c_phone_ext" label="Phone number" />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={4}
          {...form.register('c_message')}
          error={errors.c_message?.message}
        />
        {success && (
          <Alert color="green" role="status" title="Message sent">
            {success}
          </Alert>
        )}
        <ApiErrorAlert error={alertError(save.error)} />
        <Button
          type="submit"
          loading={save.isPending}
          loaderProps={{ 'aria-label': 'Submitting' }}
          w={{ base: '100%', sm: 'auto' }}
        >
          Submit
        </Button>
      </Stack>
    </form>
  );
}
