import { Button, Group, Stack } from '@mantine/core';
import { phoneWithDialCode, type StaffClient } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm, type ConfirmOptions } from '../../../components/ui/confirm-dialog.tsx';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { useMarkVerified } from '../api/mark-verified.ts';
import { useSendResetLink } from '../api/send-reset-link.ts';
import type { Viewer } from './client-file-slot.ts';
import { ContactForm } from './contact-form.tsx';

/** The client's account: contact details, the analyst, a reset link and verification; an admin edits contacts. */
export function AccountCard({
  clientId,
  client,
  filing,
  viewer,
}: {
  clientId: string;
  client: StaffClient['client'];
  filing: StaffClient['filing'];
  viewer: Viewer;
}) {
  return (
    <SectionCard headingId="account-heading" title="Account">
      <DetailList
        layout="table"
        items={[
          { label: 'Email', value: client.email },
          {
            label: 'Phone',
            value: client.phone_ext ? phoneWithDialCode(client.phone, client.phone_ext) : client.phone,
          },
          { label: 'Verified', value: client.verified ? 'Yes' : 'Not yet' },
          { label: 'Analyst', value: filing.assigned_to?.name ?? 'Not assigned' },
        ]}
      />
      <AccountActions
        clientId={clientId}
        verified={client.verified}
        email={client.email}
        name={`${client.first_name} ${client.last_name}`}
      />
      {viewer.role === 'admin' && <ContactForm key={`${client.email}|${client.phone}`} client={client} />}
    </SectionCard>
  );
}

function AccountActions({
  clientId,
  verified,
  email,
  name,
}: {
  clientId: string;
  verified: boolean;
  email: string;
  name: string;
}) {
  const reset = useSendResetLink();
  const verify = useMarkVerified();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const act = async (ask: ConfirmOptions, run: () => Promise<{ status_smessage: string }>) => {
    if (!(await confirm(ask))) return;
    success.clear();
    const answer = await run().catch(() => null);
    if (answer) success.show(answer.status_smessage);
  };
  return (
    <Stack gap="xs" mt="md">
      <Group gap="xs">
        {[
          {
            text: 'Send password-reset link',
            action: reset,
            shown: true,
            ask: {
              title: `Send a password-reset link to ${email}?`,
              message: `${name} is e-mailed a link to set a new password; it works once, within 24 hours. The current password keeps working until the link is used.`,
              confirmLabel: 'Send reset link',
            },
          },
          {
            text: 'Mark e-mail verified',
            action: verify,
            shown: !verified,
            ask: {
              title: `Mark ${email} as verified?`,
              message: `${name} can log in without the link from the verification e-mail. This cannot be undone.`,
              confirmLabel: 'Mark verified',
            },
          },
        ]
          .filter(({ shown }) => shown)
          .map(({ text, action, ask }) => (
            <Button
              key={text}
              variant="default"
              size="compact-sm"
              loading={action.isPending}
              onClick={() => void act(ask, () => action.mutateAsync(clientId))}
            >
              {text}
            </Button>
          ))}
      </Group>
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={reset.error ?? verify.error} />
      {dialog}
    </Stack>
  );
}
