import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGE_MAX_BODY, staffMessagesCannedBodySchema, type StaffRole } from '@taxfirm/contract';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FormAccordion } from '../../../components/ui/form-accordion.tsx';
import { runConfirmed, submitReporting } from '../../../components/ui/form-steps.ts';
import { FormTextarea, FormTextField } from '../../../components/ui/form-text-field.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, useContractForm } from '../../../lib/form.ts';
import { useChangeCannedReplies } from '../api/canned-replies.ts';
import { useCannedReplies } from '../../../lib/canned-replies.ts';

/** The save branch of the canned-replies call: the form's own schema. */
const saveReplySchema = staffMessagesCannedBodySchema.options[1];
type ReplyValues = z.input<typeof saveReplySchema>;
type Reply = { reply_id: string; title: string; body: string };

/**
 * Admins: the canned replies staff insert into a message (and edit before sending). Analysts use them but do
 * not see this editor; the server refuses their saves and deletes regardless.
 */
export function CannedReplies({ role }: { role: StaffRole }) {
  if (role !== 'admin') return null;
  return (
    <section aria-labelledby="canned-heading">
      <Stack gap="md">
        <Title order={2} id="canned-heading" fz="lg">
          Canned replies
        </Title>
        <Text c="gray.8">
          Ready answers staff can insert into a message to a client, then edit before sending. Plain text.
        </Text>
        <CannedList />
      </Stack>
    </section>
  );
}

function CannedList() {
  const replies = useCannedReplies();
  if (replies.isPending) return <Loader role="status" aria-label="Loading the canned replies" />;
  if (replies.error) return <ApiErrorAlert error={replies.error} />;
  return (
    <Stack gap="md">
      {replies.data.replies.length === 0 ? (
        <Text>No canned replies yet.</Text>
      ) : (
        <FormAccordion
          entries={replies.data.replies.map((reply) => ({
            value: reply.reply_id,
            title: reply.title,
            form: <ReplyForm reply={reply} />,
          }))}
        />
      )}
      <ReplyForm reply={null} />
    </Stack>
  );
}

/** One reply's title and text (a new one when `reply` is null), saved or deleted. */
function ReplyForm({ reply }: { reply: Reply | null }) {
  const change = useChangeCannedReplies();
  const success = useSubmitMessage();
  const { confirm, dialog } = useConfirm();
  const empty: ReplyValues = { action: 'save', title: '', body: '' };
  const values: ReplyValues = reply
    ? { action: 'save', reply_id: reply.reply_id, title: reply.title, body: reply.body }
    : empty;
  const form = useContractForm(saveReplySchema, { defaultValues: values, ...(reply ? { values } : {}) });
  const id = reply ? `canned-${reply.reply_id}` : 'canned-new';
  const onSubmit = submitReporting(form, success, async (input) => {
    const answer = await change.mutateAsync(input);
    if (!reply) form.reset(empty);
    return answer.message ?? answer.status_smessage;
  });
  const remove = async () => {
    if (!reply) return;
    await runConfirmed(
      confirm,
      {
        title: `Delete the canned reply "${reply.title}"?`,
        message: 'Staff can no longer insert it. Messages already sent with its text keep it.',
        confirmLabel: 'Delete reply',
        destructive: true,
      },
      success,
      () => change.mutateAsync({ action: 'delete', reply_id: reply.reply_id }),
    );
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={reply ? `Canned reply ${reply.title}` : 'New canned reply'}
    >
      <Stack gap="sm">
        {!reply && (
          <Title order={3} fz="md">
            New canned reply
          </Title>
        )}
        <FormTextField
          form={form}
          name="title"
          id={`${id}-title`}
          label="Title"
          withAsterisk
          maxLength={80}
        />
        <FormTextarea
          form={form}
          name="body"
          id={`${id}-body`}
          label="Reply"
          withAsterisk
          minRows={3}
          maxLength={MESSAGE_MAX_BODY}
        />
        <Group gap="sm">
          <Button type="submit" loading={change.isPending}>
            {reply ? 'Save' : 'Add reply'}
          </Button>
          {reply && (
            <Button variant="default" color="red" onClick={() => void remove()}>
              Delete
            </Button>
          )}
        </Group>
        <SuccessAlert message={success.message} />
        <ApiErrorAlert error={alertError(change.error)} />
      </Stack>
      {dialog}
    </form>
  );
}
