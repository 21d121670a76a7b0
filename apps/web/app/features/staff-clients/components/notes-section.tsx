import { Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { staffNoteBodySchema, type StaffClient } from '@taxfirm/contract';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useAddNote } from '../api/add-note.ts';

/** Staff's internal notes on the file: added, never edited, never shown to the client. */
export function NotesSection({ clientId, notes }: { clientId: string; notes: StaffClient['notes'] }) {
  const add = useAddNote();
  const success = useSubmitMessage();
  const form = useContractForm(staffNoteBodySchema, { defaultValues: { client_id: clientId, body: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    success.clear();
    try {
      const answer = await add.mutateAsync(values);
      form.reset({ client_id: clientId, body: '' });
      success.show(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notes-heading">
      <Title order={2} id="notes-heading" fz="lg" mb="xs">
        Internal notes
      </Title>
      <Text fz="sm" c="gray.8" mb="sm">
        For the firm only: the client never sees these.
      </Text>
      <form noValidate onSubmit={onSubmit} aria-label="Add an internal note">
        <Stack gap="sm">
          <Textarea
            label="New note"
            autosize
            minRows={2}
            {...form.register('body')}
            error={errors.body?.message}
          />
          <Button type="submit" loading={add.isPending} w="fit-content">
            Add note
          </Button>
          <SuccessAlert message={success.message} />
          <ApiErrorAlert error={add.error} />
        </Stack>
      </form>
      {notes.length > 0 && (
        <Stack component="ul" gap="sm" mt="md" p={0} style={{ listStyle: 'none' }}>
          {notes.map((note) => (
            <li key={note.id}>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.body}
              </Text>
              <Text fz="xs" c="gray.7">
                {note.by ?? 'Former staff member'} · {formatDateTime(note.at)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
