import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import {
  DEFAULT_PHONE_EXTENSION,
  staffClientInviteBodySchema,
  type StaffClientInviteBody,
} from '@taxfirm/contract';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormPhoneField } from '../../../components/ui/form-phone-field.tsx';
import { FormEmailField, FormNameFields } from '../../../components/ui/form-text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useInviteClient } from '../api/invite-client.ts';

const EMPTY: StaffClientInviteBody = {
  first_name: '',
  last_name: '',
  email: '',
  phone_ext: DEFAULT_PHONE_EXTENSION,
  phone: '',
};

/**
 * "Invite a client" on the console home: the registration's name, phone and e-mail fields for someone who
 * phoned or walked in. The server makes the account and file and e-mails the set-up link; staff then land on
 * the new file.
 */
export function InviteClient() {
  const [opened, { open, close }] = useDisclosure(false);
  const invite = useInviteClient();
  const navigate = useNavigate();
  const form = useContractForm(staffClientInviteBodySchema, { defaultValues: EMPTY });
  const dismiss = () => {
    close();
    form.reset(EMPTY);
    invite.reset();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await invite.mutateAsync(values);
      close();
      await navigate(paths.staff.client.getHref(answer.client_id));
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <>
      <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={open} w="fit-content">
        Invite a client
      </Button>
      <Dialog opened={opened} onClose={dismiss} title="Invite a client">
        <form noValidate onSubmit={onSubmit} aria-label="Invite a client">
          <Stack gap="sm">
            <Text fz="sm">
              For someone who phoned or walked in. They receive an e-mail with a link to choose their password
              (valid 7 days); an analyst who invites takes the file.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <FormNameFields form={form} first="first_name" last="last_name" autoFill={false} />
            </SimpleGrid>
            <FormEmailField form={form} name="email" label="E-mail" autoComplete="off" />
            <FormPhoneField form={form} name="phone" extensionName="phone_ext" label="Phone number" />
            <ApiErrorAlert error={invite.error} />
            <Button type="submit" loading={invite.isPending} w="fit-content">
              Send invitation
            </Button>
          </Stack>
        </form>
      </Dialog>
    </>
  );
}
