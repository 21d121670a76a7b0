import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  STAFF_ACCESS_REVIEW_PATH,
  staffInviteBodySchema,
  type StaffLocation,
  type StaffTeamMember,
} from '@taxfirm/contract';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DownloadButton } from '../../../components/ui/download-button.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useStaffTeam } from '../../../lib/staff-team.ts';
import { useChangeMember, type MemberAction } from '../api/change-member.ts';
import { useInviteStaff } from '../api/invite-staff.ts';
import { useSetAccessEnd } from '../api/set-access-end.ts';
import { useSetLocation } from '../api/set-location.ts';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { RowAction } from '../../../components/ui/row-action.tsx';
import { useConfirm, type ConfirmOptions } from '../../../components/ui/confirm-dialog.tsx';

/** Admins: the firm's staff, an invitation form, and deactivate / reactivate / reset authenticator. */
export function Team({ viewerId }: { viewerId: string }) {
  const team = useStaffTeam();
  return (
    <Stack gap="lg">
      <InviteForm />
      <SectionCard headingId="team-heading" title="Staff accounts">
        {team.isPending && <Loader role="status" aria-label="Loading the staff" />}
        <ApiErrorAlert error={team.error} />
        {team.data && <EndingThisWeek staff={team.data.staff} />}
        {team.data && <TeamTable staff={team.data.staff} viewerId={viewerId} />}
        <Group>
          <DownloadButton href={STAFF_ACCESS_REVIEW_PATH}>
            Access review (CSV): who can work which files
          </DownloadButton>
        </Group>
      </SectionCard>
    </Stack>
  );
}

function InviteForm() {
  const invite = useInviteStaff();
  const success = useSubmitMessage();
  const form = useContractForm(staffInviteBodySchema, {
    defaultValues: {
      email: '',
      role: 'analyst',
      location: 'us',
      first_name: '',
      last_name: '',
      access_ends_on: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      const answer = await invite.mutateAsync(values);
      form.reset();
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invite-heading">
      <form noValidate onSubmit={onSubmit} aria-labelledby="invite-heading">
        <Stack gap="sm">
          <Title order={2} id="invite-heading" fz="lg">
            Invite a staff member
          </Title>
          <Text fz="sm" c="gray.8">
            They receive an e-mail with a link to choose a password (valid 24 hours), and set up an
            authenticator app at their first login.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormTextField form={form} name="first_name" label="First name" required />
            <FormTextField form={form} name="last_name" label="Last name" required />
            <FormTextField form={form} name="email" label="E-mail" type="email" autoComplete="off" required />
            <NativeSelect
              label="Role"
              data={[
                { value: 'analyst', label: 'Analyst: works assigned clients' },
                { value: 'admin', label: 'Admin: also settings, staff and audit log' },
              ]}
              {...form.register('role')}
              error={errors.role?.message}
            />
            <NativeSelect
              label="Works from"
              description="Offshore staff cannot open a file unless the client consented (§7216)."
              data={LOCATION_OPTIONS}
              {...form.register('location')}
              error={errors.location?.message}
            />
            <FormTextField
              form={form}
              name="access_ends_on"
              label="Last day of access (seasonal staff)"
              description="Leave empty for no end. From the day after, they cannot sign in."
              type="date"
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
          <SuccessAlert message={success.message} />
          <ApiErrorAlert error={invite.error} />
        </Stack>
      </form>
    </Card>
  );
}

const LOCATION_OPTIONS = [
  { value: 'us', label: 'United States' },
  { value: 'offshore', label: 'Offshore (India team)' },
];
const LOCATION_LABELS: Record<StaffLocation, string> = {
  us: 'United States',
  offshore: 'Offshore (India team)',
};

/** What each action does to the member, asked before it is sent. */
const confirmations: Record<MemberAction, (name: string, email: string) => ConfirmOptions> = {
  deactivate: (name, email) => ({
    title: `Deactivate ${name}?`,
    message: `${name} (${email}) is signed out everywhere at once and can no longer log in. An admin can reactivate the account later.`,
    confirmLabel: 'Deactivate account',
    destructive: true,
  }),
  reactivate: (name, email) => ({
    title: `Reactivate ${name}?`,
    message: `${name} (${email}) can log in to the staff console again.`,
    confirmLabel: 'Reactivate account',
  }),
  resetmfa: (name, email) => ({
    title: `Reset ${name}'s authenticator?`,
    message: `${name} is signed out everywhere, their password, authenticator app and recovery codes stop working, and ${email} is e-mailed a link to choose a new password. They then set up a new authenticator app at their next login.`,
    confirmLabel: 'Reset authenticator',
    destructive: true,
  }),
};

const nameOf = (member: StaffTeamMember) => `${member.first_name} ${member.last_name}`;

/** Seasonal members whose last day is within the week: an admin extends it or lets it end. */
function EndingThisWeek({ staff }: { staff: StaffTeamMember[] }) {
  const ending = staff.filter((member) => member.access_ends_this_week && member.access_ends_on);
  if (ending.length === 0) return null;
  return (
    <Alert color="yellow" c="dark.7" title="Access ending this week" role="status">
      <Text fz="sm" component="ul" m={0} pl="md">
        {ending.map((member) => (
          <li key={member.user_id}>
            {nameOf(member)}: last day {formatDay(member.access_ends_on ?? '')}
          </li>
        ))}
      </Text>
    </Alert>
  );
}

/** The dialog that sets or removes a member's last day of access. */
function AccessEndDialog({
  member,
  onClose,
}: {
  member: StaffTeamMember;
  onClose: (saved?: string) => void;
}) {
  const save = useSetAccessEnd();
  const [day, setDay] = useState(member.access_ends_on ?? '');
  const submit = async (next: string | null) => {
    const answer = await save.mutateAsync({ userId: member.user_id, day: next }).catch(() => null);
    if (answer) onClose(`${nameOf(member)}: ${answer.status_smessage}`);
  };
  return (
    <Dialog opened title={`Last day of access: ${nameOf(member)}`} onClose={() => onClose()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(day || null);
        }}
      >
        <Stack gap="sm">
          <Text fz="sm">
            {nameOf(member)} can work through this day. From the next day they cannot sign in, their sessions
            end, and nobody can assign them files.
          </Text>
          <TextInput
            type="date"
            label="Last day"
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
            data-autofocus
          />
          <ApiErrorAlert error={save.error} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!day}>
              Save last day
            </Button>
            {member.access_ends_on && (
              <Button variant="default" onClick={() => void submit(null)} disabled={save.isPending}>
                Remove the end
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function TeamTable({ staff, viewerId }: { staff: StaffTeamMember[]; viewerId: string }) {
  const [ending, setEnding] = useState<StaffTeamMember | null>(null);
  const action = useChangeMember();
  const location = useSetLocation();
  const success = useSubmitMessage();
  const move = async (member: StaffTeamMember, to: StaffLocation) => {
    success.clear();
    const answer = await location.mutateAsync({ userId: member.user_id, location: to }).catch(() => null);
    if (answer) success.show(`${member.first_name} ${member.last_name}: ${answer.status_smessage}`);
  };
  const { confirm, dialog } = useConfirm();
  const act = async (member: StaffTeamMember, kind: MemberAction) => {
    const name = `${member.first_name} ${member.last_name}`;
    if (!(await confirm(confirmations[kind](name, member.email)))) return;
    success.clear();
    const answer = await action.mutateAsync({ action: kind, userId: member.user_id }).catch(() => null);
    if (answer) success.show(`${name}: ${answer.status_smessage}`);
  };
  return (
    <Stack gap="sm">
      <SimpleTable
        columns={['Name', 'E-mail', 'Role', 'Works from', 'State', 'Last day', 'Since', 'Actions']}
        minWidth={1000}
        scrollLabel="Staff accounts"
        striped
        highlightOnHover
      >
        {staff.map((member) => {
          const name = `${member.first_name} ${member.last_name}`;
          const self = member.user_id === viewerId;
          return (
            <Table.Tr key={member.user_id}>
              <Table.Th scope="row">{name}</Table.Th>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{member.role}</Table.Td>
              <Table.Td>
                {self ? (
                  LOCATION_LABELS[member.location]
                ) : (
                  <NativeSelect
                    aria-label={`Where ${name} works`}
                    size="xs"
                    data={LOCATION_OPTIONS}
                    value={member.location}
                    disabled={location.isPending}
                    onChange={(event) => void move(member, event.currentTarget.value as StaffLocation)}
                  />
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={member.active ? 'green' : 'gray'} c="dark.7" variant="light">
                    {member.active ? 'Active' : 'Deactivated'}
                  </Badge>
                  {member.access_ended && (
                    <Badge variant="outline" color="gray" c="gray.9">
                      Access ended
                    </Badge>
                  )}
                  {!member.password_set && (
                    <Badge variant="outline" color="gray" c="gray.9">
                      Invited
                    </Badge>
                  )}
                  {member.password_set && !member.mfa_enabled && (
                    <Badge variant="outline" color="gray" c="gray.9">
                      No authenticator yet
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{member.access_ends_on ? formatDay(member.access_ends_on) : 'No end'}</Table.Td>
              <Table.Td>{formatDateTime(member.created_at)}</Table.Td>
              <Table.Td>
                {self ? (
                  <Text fz="sm" c="gray.8">
                    You
                  </Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    {member.active ? (
                      <RowAction label={`Deactivate ${name}`} onClick={() => void act(member, 'deactivate')}>
                        Deactivate
                      </RowAction>
                    ) : (
                      <RowAction label={`Reactivate ${name}`} onClick={() => void act(member, 'reactivate')}>
                        Reactivate
                      </RowAction>
                    )}
                    <RowAction label={`Last day of access for ${name}`} onClick={() => setEnding(member)}>
                      Last day
                    </RowAction>
                    {member.mfa_enabled && (
                      <RowAction
                        label={`Reset the authenticator of ${name}`}
                        onClick={() => void act(member, 'resetmfa')}
                      >
                        Reset authenticator
                      </RowAction>
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </SimpleTable>
      <SuccessAlert message={success.message} />
      <ApiErrorAlert error={action.error ?? location.error} />
      {dialog}
      {ending && (
        <AccessEndDialog
          member={ending}
          onClose={(saved) => {
            setEnding(null);
            if (saved) success.show(saved);
          }}
        />
      )}
    </Stack>
  );
}
