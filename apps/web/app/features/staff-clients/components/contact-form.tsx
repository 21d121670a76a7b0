import { Button, Stack, Title } from '@mantine/core';
import { formatPhone, staffClientContactBodySchema, type StaffClient } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { useStepUp } from '../../../components/ui/step-up-dialog.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useChangeContact } from '../api/change-contact.ts';
import { staffStepUp } from '../../../components/ui/staff-step-up.ts';

/**
 * Change the client's sign-in e-mail (asked first) and phone (the old address is told by e-mail). The server
 * asks for a fresh step-up too (F-15): the dialog asks for the password or a code, then the change is sent again.
 */
export function ContactForm({ client }: { client: StaffClient['client'] }) {
  const change = useChangeContact();
  const { withStepUp, dialog: stepUpDialog } = useStepUp(staffStepUp);
  const success = useSubmitMessage();
  const { confirm, dialog: confirmDialog } = useConfirm();
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
    const name = `${client.first_name} ${client.last_name}`;
    if (
      values.email.toLowerCase() !== client.email.toLowerCase() &&
      !(await confirm({
        title: `Change ${name}'s sign-in e-mail to ${values.email}?`,
        message: `${name} is signed out everywhere and must log in with ${values.email} from now on; links already sent stop working. ${client.email} is e-mailed about the change.`,
        confirmLabel: 'Change e-mail',
        destructive: true,
      }))
    ) {
      return;
    }
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
      {confirmDialog}
      {stepUpDialog}
    </>
  );
}
