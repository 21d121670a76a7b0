import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { staffHouseholdInviteBodySchema } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FormEmailField, FormNameFields } from '../../../components/ui/form-text-field.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { staffStepUp } from '../../../components/ui/staff-step-up.ts';
import { useStepUp } from '../../../components/ui/step-up-dialog.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useStaffHousehold, useStaffInviteSpouse } from '../api/staff-household.ts';

/** Staff invite the spouse: the household schema's fields but the file's id, which the section adds. */
const inviteFormSchema = staffHouseholdInviteBodySchema.omit({ client_id: true });

/**
 * The household of a client's file (issue 38): who else signs in to it with their own login, what each may
 * do, and, while the file has no spouse member, inviting the spouse (they get a set-up link by e-mail).
 */
export function HouseholdSection({ clientId, clientName }: { clientId: string; clientName: string }) {
  const query = useStaffHousehold(clientId);
  const members = query.data?.members;
  return (
    <SectionCard headingId="household-heading" title="Household" gap="md">
      {query.isPending && <LoadingStatus>Loading the household</LoadingStatus>}
      <ApiErrorAlert error={query.error} />
      {members &&
        (members.length === 0 ? (
          <Text size="sm">Only {clientName} signs in to this file.</Text>
        ) : (
          <Table.ScrollContainer
            minWidth={480}
            scrollAreaProps={{ viewportProps: { 'aria-label': 'Household members', tabIndex: 0 } }}
          >
            <Table aria-label={`Household members of ${clientName}`} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">May</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((member) => (
                  <Table.Tr key={member.member_id}>
                    <Table.Td>{member.name}</Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        {member.kind === 'spouse' ? 'Spouse' : 'Delegate'}
                        {member.state === 'invited' && (
                          <Badge variant="light" color="gray">
                            Invited
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {member.kind === 'spouse'
                        ? 'Everything; signs their own part'
                        : [member.can_upload && 'Upload', member.can_message && 'Message']
                            .filter(Boolean)
                            .join(', ') || 'View only'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      {members && !members.some((m) => m.kind === 'spouse') && (
        <InviteSpouse clientId={clientId} clientName={clientName} />
      )}
    </SectionCard>
  );
}

function InviteSpouse({ clientId, clientName }: { clientId: string; clientName: string }) {
  const invite = useStaffInviteSpouse(clientId);
  // Adding a way into a client's file asks the staff session to prove itself again first (issue 38).
  const { withStepUp, dialog } = useStepUp(staffStepUp);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const form = useContractForm(inviteFormSchema, {
    defaultValues: { first_name: '', last_name: '', email: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    setError(null);
    try {
      setMessage((await withStepUp(() => invite.mutateAsync(values))).status_smessage);
      form.reset();
    } catch (failure) {
      setError(failure);
      setServerFieldErrors(form, failure);
    }
  });
  return (
    <>
      <form
        noValidate
        aria-label={`Invite the spouse of ${clientName}`}
        onSubmit={(event) => {
          void onSubmit(event);
        }}
      >
        <Stack gap="sm" maw={480}>
          <Text size="sm" fw={600}>
            Invite the spouse
          </Text>
          <SuccessAlert message={message} />
          <ApiErrorAlert error={alertError(error)} />
          <FormNameFields form={form} first="first_name" last="last_name" autoFill={false} />
          <FormEmailField form={form} name="email" autoComplete="off" />
          <Group>
            <SubmitButton pending={form.formState.isSubmitting} busyLabel="Sending the invitation">
              Invite spouse
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      {dialog}
    </>
  );
}
