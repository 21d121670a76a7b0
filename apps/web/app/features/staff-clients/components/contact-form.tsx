import { Button, Stack, Title } from '@mantine/core';
import { formatPhone, staffClientContactBodySchema, type StaffClient } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useStepUp } from '../../../components/ui/step-up-dialog.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useChangeContact } from '../api/change-contact.ts';
import { staffStepUp } from '../api/step-up.ts';

/**
 * Change the client's sign-in e-mail and phone (the old address is told by e-mail). The server asks for a
 * fresh step-up first (F-15): the dialog asks for the password or a code, then the change is sent again.
 */
export function ContactForm({ client }: { client: StaffClient['client'] }) {
  const change = useChangeContact();
  const { withStepUp, dialog } = useStepUp(staffStepUp);
  const success = useSubmitMessage();
  const extension = client.phone_ext ?? 'US';
  const form = useContractForm(staffClientContactBodySchema, {
    defaultValues: {
      client_id: client.client_id,
      email: client.email,
      phone_ext: extension,
      phone: formatPhone(client.phone, extension),
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      success.show((await withStepUp(() => change.mutateAsync(values))).status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-labelledby="contact-heading">
        <Stack gap="sm" mt="md">
          <Title order={3} id="contact-heading" fz="md">
            Change e-mail or phone
          </Title>
          <FormTextField form={form} name="email" label="E-mail (sign-in)" type="email" autoComplete="off" />
          <FormPhoneField form={form} name="phone" extensionName="phone_ext" label="Phone number" />
          <Button type="submit" variant="default" loading={change.isPending} w="fit-content">
            Save e-mail and phone
          </Button>
          <SuccessAlert message={success.message} />
          <ApiErrorAlert error={change.error} />
        </Stack>
      </form>
      {dialog}
    </>
  );
}
