import { Alert, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES, passkeyNameFormSchema, type Passkey } from '@taxfirm/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { setServerFieldErrors, useContractForm } from '../../lib/form.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FormTextField } from './form-text-field.tsx';
import { useStepUp, type StepUp, type StepUpAlternatives } from './step-up-dialog.tsx';
import { SubmitButton } from './submit-button.tsx';
import { SuccessAlert } from './success-alert.tsx';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** The browser's own refusal (a cancelled or timed-out prompt) in the page's words; the server's as it said. */
function PasskeyAlert({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError) return <ApiErrorAlert error={error} />;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {MESSAGES.PASSKEY_REFUSED}
    </Alert>
  );
}

/**
 * The account page's passkeys (issue 38), clients' and staff's alike: the list (name, added, last used) with
 * Remove, and Add (a name, then the browser's prompt). Adding and removing ask the session to prove itself
 * again first (the step-up dialog) when the server says so.
 */
export function PasskeysPanel({
  passkeys,
  add,
  remove,
  stepUp,
  stepUpAlternatives,
  onChanged,
}: {
  /** The list's query: its data, or still loading, or its error. */
  passkeys: { data?: Passkey[] | undefined; isPending: boolean; error: unknown };
  add: (name: string) => Promise<{ status_smessage: string }>;
  remove: (id: string) => Promise<{ status_smessage: string }>;
  stepUp: StepUp;
  /** Other proofs the step-up dialog offers (a passkey already held, an e-mailed code). */
  stepUpAlternatives?: StepUpAlternatives;
  onChanged: () => void;
}) {
  const { withStepUp, dialog } = useStepUp(stepUp, stepUpAlternatives);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const form = useContractForm(passkeyNameFormSchema, { defaultValues: { name: '' } });

  const onAdd = form.handleSubmit(async ({ name }) => {
    setMessage(null);
    setError(null);
    try {
      const answer = await withStepUp(() => add(name));
      setMessage(answer.status_smessage);
      form.reset({ name: '' });
      onChanged();
    } catch (failure) {
      setError(failure);
      setServerFieldErrors(form, failure);
    }
  });

  const onRemove = async (passkey: Passkey) => {
    setRemoving(null);
    setMessage(null);
    setError(null);
    try {
      setMessage((await withStepUp(() => remove(passkey.id))).status_smessage);
      onChanged();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={2} fz={20}>
        Passkeys
      </Title>
      <Text>
        A passkey signs you in with your phone or computer&apos;s fingerprint, face or PIN: no password to
        remember, and it cannot be phished.
      </Text>
      {passkeys.isPending ? (
        <Loader role="status" aria-label="Loading passkeys" />
      ) : passkeys.error ? (
        <ApiErrorAlert error={passkeys.error} />
      ) : passkeys.data && passkeys.data.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Caption>Your passkeys</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Added</Table.Th>
                <Table.Th scope="col">Last used</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {passkeys.data.map((passkey) => (
                <Table.Tr key={passkey.id}>
                  <Table.Td>{passkey.name}</Table.Td>
                  <Table.Td>{when(passkey.created_at)}</Table.Td>
                  <Table.Td>{when(passkey.last_used_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => setRemoving(passkey)}
                      aria-label={`Remove passkey ${passkey.name}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text>{MESSAGES.PASSKEY_LIST_EMPTY}</Text>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          void onAdd(event);
        }}
        aria-label="Add a passkey"
      >
        <Stack gap="sm">
          <FormTextField
            form={form}
            name="name"
            label="Passkey name"
            description='For example "My phone" or "Work laptop".'
            withAsterisk
            autoComplete="off"
          />
          <Group>
            <SubmitButton pending={form.formState.isSubmitting} busyLabel="Waiting for your passkey">
              Add a passkey
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      <SuccessAlert message={message} />
      <PasskeyAlert error={error} />
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the passkey "${removing?.name ?? ''}"?`}
        message="It will no longer sign you in. You can add it again later."
        confirmLabel="Remove passkey"
        destructive
        onConfirm={() => {
          if (removing) void onRemove(removing);
        }}
        onCancel={() => setRemoving(null)}
      />
      {dialog}
    </Stack>
  );
}
