import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { formatPhone, staffClientContactBodySchema, type StaffClient } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useChangeContact } from '../api/change-contact.ts';

/** Change the client's sign-in e-mail and phone (the old address is told by e-mail). */
export function ContactForm({ client }: { client: StaffClient['client'] }) {
  const change = useChangeContact();
  const [saved, setSaved] = useState<string | null>(null);
  const extension = client.phone_ext ?? 'US';
  const form = useContractForm(staffClientContactBodySchema, {
    defaultValues: {
      client_id: client.client_id,
      email: client.email,
      phone_ext: extension,
      phone: formatPhone(client.phone, extension),
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    try {
      setSaved((await change.mutateAsync(values)).status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-heading">
      <Stack gap="sm" mt="md">
        <Title order={3} id="contact-heading" fz="md">
          Change e-mail or phone
        </Title>
        <TextInput
          label="E-mail (sign-in)"
          type="email"
          autoComplete="off"
          {...form.register('email')}
          error={errors.email?.message}
        />
        <FormPhoneField form={form} name="phone" extensionName="phone_ext" label="Phone number" />
        <Button type="submit" variant="default" loading={change.isPending} w="fit-content">
          Save e-mail and phone
        </Button>
        {saved && (
          <Alert color="green" role="status">
            {saved}
          </Alert>
        )}
        <ApiErrorAlert error={change.error} />
      </Stack>
    </form>
  );
}
