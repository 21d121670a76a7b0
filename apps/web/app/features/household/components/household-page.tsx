import {
  Badge,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Button,
  VisuallyHidden,
} from '@mantine/core';
import { householdInviteBodySchema, type HouseholdList, type HouseholdMember } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FormEmailField, FormNameFields } from '../../../components/ui/form-text-field.tsx';
import { useClientStepUp } from '../../../components/ui/client-step-up.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useHousehold, useInviteMember, useRemoveMember, useSetMemberRights } from '../api/household.ts';

const KIND_LABELS = { spouse: 'Spouse', delegate: 'Delegate' } as const;

/** "Upload, message" or "View only": what a member may do besides seeing the file. */
const rightsOf = (member: HouseholdMember) =>
  member.kind === 'spouse'
    ? 'Everything the account holder can do, and signs their own part'
    : [member.can_upload && 'Upload', member.can_message && 'Message'].filter(Boolean).join(', ') ||
      'View only';

/**
 * The household page (issue 38): the people who sign in to this file with their own login. The holder
 * invites a spouse or a delegate (after proving it is them again), sets a delegate's rights and removes
 * members; a member sees who is in the household and what they themselves may do.
 */
export function HouseholdPage() {
  const household = useHousehold();
  if (household.error) return <ApiErrorAlert error={household.error} />;
  if (!household.data) return <Loader role="status" aria-label="Loading your household" />;
  return <Household household={household.data} />;
}

function Household({ household }: { household: HouseholdList }) {
  const { me } = household;
  const canManage = me.can_manage;
  return (
    <Stack gap="xl" maw={860}>
      {!canManage && (
        <Text>
          You sign in to {household.holder.name}&apos;s file as their {me.kind}.{' '}
          {me.kind === 'delegate'
            ? `You can see the file${me.can_upload ? ', upload documents' : ''}${
                me.can_message ? ', send messages' : ''
              }. A delegate never signs and sees identity numbers masked only.`
            : 'You can do everything the account holder can on the file, and sign your own part of Form 8879.'}
        </Text>
      )}
      <Members household={household} canManage={canManage} />
      {canManage && <InviteForm hasSpouse={household.members.some((m) => m.kind === 'spouse')} />}
    </Stack>
  );
}

function Members({ household, canManage }: { household: HouseholdList; canManage: boolean }) {
  const remove = useRemoveMember();
  const rights = useSetMemberRights();
  const { confirm, dialog } = useConfirm();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const run = async (action: () => Promise<{ status_smessage: string }>) => {
    setMessage(null);
    setError(null);
    try {
      setMessage((await action()).status_smessage);
    } catch (failure) {
      setError(failure);
    }
  };

  const onRemove = async (member: HouseholdMember) => {
    const confirmed = await confirm({
      title: `Remove ${member.name} from your household?`,
      message: `${member.name} is signed out at once and can no longer open your file. You can invite them again later.`,
      confirmLabel: 'Remove member',
      destructive: true,
    });
    if (confirmed) await run(() => remove.mutateAsync({ member_id: member.member_id }));
  };

  const onRight = (member: HouseholdMember, right: 'can_upload' | 'can_message', value: boolean) =>
    run(() =>
      rights.mutateAsync({
        member_id: member.member_id,
        can_upload: right === 'can_upload' ? value : member.can_upload,
        can_message: right === 'can_message' ? value : member.can_message,
      }),
    );

  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Members
      </Title>
      <SuccessAlert message={message} />
      <ApiErrorAlert error={error} />
      <Table.ScrollContainer
        minWidth={560}
        // A region that scrolls sideways on a phone: reachable and named for the keyboard.
        scrollAreaProps={{ viewportProps: { 'aria-label': 'Household members', tabIndex: 0 } }}
      >
        <Table>
          <Table.Caption>Who signs in to this file</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Can</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {household.holder.name}
                </Text>
                <Text size="sm">{household.holder.email}</Text>
              </Table.Td>
              <Table.Td>Account holder</Table.Td>
              <Table.Td>Everything</Table.Td>
              <Table.Td />
            </Table.Tr>
            {household.members.map((member) => (
              <Table.Tr key={member.member_id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {member.name}
                  </Text>
                  <Text size="sm">{member.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {KIND_LABELS[member.kind]}
                    {member.state === 'invited' && (
                      <Badge variant="light" color="gray">
                        Invited
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {canManage && member.kind === 'delegate' ? (
                    <Stack gap={6}>
                      <Switch
                        label="Upload documents"
                        checked={member.can_upload}
                        onChange={(event) => void onRight(member, 'can_upload', event.currentTarget.checked)}
                        aria-label={`${member.name} may upload documents`}
                      />
                      <Switch
                        label="Send messages"
                        checked={member.can_message}
                        onChange={(event) => void onRight(member, 'can_message', event.currentTarget.checked)}
                        aria-label={`${member.name} may send messages`}
                      />
                    </Stack>
                  ) : (
                    rightsOf(member)
                  )}
                </Table.Td>
                <Table.Td>
                  {canManage && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => void onRemove(member)}
                      aria-label={`Remove ${member.name}`}
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {household.members.length === 0 && <Text>Nobody else signs in to this file yet.</Text>}
      {dialog}
    </Stack>
  );
}

function InviteForm({ hasSpouse }: { hasSpouse: boolean }) {
  const invite = useInviteMember();
  const { withStepUp, dialog } = useClientStepUp();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const form = useContractForm(householdInviteBodySchema, {
    defaultValues: {
      kind: hasSpouse ? 'delegate' : 'spouse',
      first_name: '',
      last_name: '',
      email: '',
      can_upload: false,
      can_message: false,
    },
  });
  const kind = form.watch('kind');

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    setError(null);
    try {
      const answer = await withStepUp(() => invite.mutateAsync(values));
      setMessage(answer.status_smessage);
      form.reset({ ...values, kind: 'delegate', first_name: '', last_name: '', email: '' });
    } catch (failure) {
      setError(failure);
      setServerFieldErrors(form, failure);
    }
  });

  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        Invite someone
      </Title>
      <Text>
        Your spouse gets their own login and can do everything you can on the file. A delegate (for example an
        adult child helping you) sees the file and can upload or send messages only if you allow it; a
        delegate never signs and never sees identity numbers in full. They get an e-mail with a link to set
        their password.
      </Text>
      <SuccessAlert message={message} />
      <ApiErrorAlert error={alertError(error)} />
      <form
        noValidate
        aria-label="Invite someone to your household"
        onSubmit={(event) => {
          void onSubmit(event);
        }}
      >
        <Stack gap="sm" maw={480}>
          <NativeSelect
            label="Role"
            withAsterisk
            data={[
              { value: 'spouse', label: 'Spouse', disabled: hasSpouse },
              { value: 'delegate', label: 'Delegate' },
            ]}
            {...form.register('kind')}
            error={form.formState.errors.kind?.message}
          />
          <FormNameFields form={form} first="first_name" last="last_name" autoFill={false} />
          <FormEmailField form={form} name="email" autoComplete="off" />
          {kind === 'delegate' && (
            <Checkbox.Group label="What they may do besides seeing the file">
              <Stack gap={6} mt={6}>
                <Checkbox label="Upload documents" {...form.register('can_upload')} />
                <Checkbox label="Send messages" {...form.register('can_message')} />
              </Stack>
            </Checkbox.Group>
          )}
          <Group>
            <SubmitButton pending={form.formState.isSubmitting} busyLabel="Sending the invitation">
              Send invitation
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      {dialog}
    </Stack>
  );
}
