import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import {
  MESSAGES,
  MESSAGE_MAX_BODY,
  THREAD_STATUSES,
  THREAD_STATUS_LABELS,
  messageFileRule,
  staffMessagesSendFieldsSchema,
  type StaffThread,
  type ThreadStatus,
} from '@taxfirm/contract';
import { useRef, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { QuerySectionCard } from '../../../components/ui/query-section-card.tsx';
import { SuccessAlert, useSubmitMessage } from '../../../components/ui/success-alert.tsx';
import { alertError, setServerFieldErrors, useContractForm } from '../../../lib/form.ts';
import { useThread } from '../api/get-thread.ts';
import { useSendMessage } from '../api/send-message.ts';
import { useSetThreadStatus } from '../api/set-thread-status.ts';
import { MessageList } from './message-list.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';

export type ThreadSectionProps = {
  clientId: string;
  clientName: string;
  /** Opened on the file's Messages tab: scroll here and put the focus on the heading. */
  focusOnOpen?: boolean;
};

/** The id of the section, for links inside the page (`#messages`). */
export const MESSAGES_SECTION_ID = 'messages';

/**
 * The client's conversation on their file: every message oldest first (internal notes marked and kept to
 * staff), attachments to preview, download and file, the thread's status, and the composer (a reply to the
 * client or an internal note). Reading it marks the client's messages seen.
 */
export function ThreadSection({ clientId, clientName, focusOnOpen = false }: ThreadSectionProps) {
  const [taxYear, setTaxYear] = useState<number | undefined>(undefined);
  const thread = useThread(clientId, taxYear);
  const success = useSubmitMessage();
  const data = thread.data;
  return (
    <QuerySectionCard
      headingId="messages-heading"
      title={<>Messages with {clientName}</>}
      id={MESSAGES_SECTION_ID}
      focusOnOpen={focusOnOpen}
      query={thread}
      loadingLabel="Loading the messages"
    >
      {data && (
        <>
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label="Tax year"
              value={taxYear === undefined ? '' : String(taxYear)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setTaxYear(value === '' ? undefined : Number(value));
              }}
              data={[
                { value: '', label: 'Every year' },
                ...data.tax_years.map((y) => ({ value: String(y), label: String(y) })),
              ]}
            />
            <StatusForm key={data.status} clientId={clientId} current={data.status} report={success.show} />
            <Text fz="sm" c="gray.8" mb={6}>
              Analyst: {data.analyst?.name ?? 'not assigned'}
            </Text>
          </Group>
          <MessageList messages={data.messages} items={data.items} report={success.show} />
          <SuccessAlert message={success.message} />
          <Composer
            clientId={clientId}
            clientName={clientName}
            taxYear={taxYear}
            canned={data.canned}
            report={success.show}
            clearReport={success.clear}
          />
        </>
      )}
    </QuerySectionCard>
  );
}

function StatusForm({
  clientId,
  current,
  report,
}: {
  clientId: string;
  current: ThreadStatus;
  report: (message: string) => void;
}) {
  const save = useSetThreadStatus();
  const [status, setStatus] = useState<ThreadStatus>(current);
  const submit = async () => {
    const answer = await save.mutateAsync({ client_id: clientId, status }).catch(() => null);
    if (answer) report(answer.status_smessage);
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          label="Conversation status"
          value={status}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isThreadStatus(value)) setStatus(value);
          }}
          data={THREAD_STATUSES.map((s) => ({ value: s, label: THREAD_STATUS_LABELS[s] }))}
        />
        <Button
          variant="default"
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={status === current}
        >
          Save status
        </Button>
      </Group>
      <ApiErrorAlert error={save.error} />
    </Stack>
  );
}

const isThreadStatus = (value: string): value is ThreadStatus =>
  (THREAD_STATUSES as readonly string[]).includes(value);

/** A file the composer refuses before sending (the server checks content and size again). */
function fileProblem(file: File): string | null {
  if (file.size >= messageFileRule.maxBytes) return messageFileRule.messages.tooLarge;
  const name = file.name.toLowerCase();
  if (!messageFileRule.extensions.some((ext) => name.endsWith(ext)))
    return messageFileRule.messages.wrongType;
  return null;
}

function Composer({
  clientId,
  clientName,
  taxYear,
  canned,
  report,
  clearReport,
}: {
  clientId: string;
  clientName: string;
  taxYear: number | undefined;
  canned: StaffThread['canned'];
  report: (message: string) => void;
  clearReport: () => void;
}) {
  const send = useSendMessage();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [cannedId, setCannedId] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const form = useContractForm(staffMessagesSendFieldsSchema, {
    defaultValues: { client_id: clientId, body: '', internal: false },
  });
  const { errors } = form.formState;
  const internal = form.watch('internal') === true;
  const bodyField = form.register('body');

  const addFiles = (chosen: File[]) => {
    setProblem(null);
    const refused = chosen.map(fileProblem).find((p) => p !== null);
    if (refused) {
      setProblem(refused);
    } else if (files.length + chosen.length > messageFileRule.maxFiles) {
      setProblem(`Attach at most ${messageFileRule.maxFiles} files to one message.`);
    } else {
      setFiles([...files, ...chosen]);
    }
  };

  const insertCanned = () => {
    const reply = canned.find((r) => r.reply_id === cannedId);
    if (!reply) return;
    const now = String(form.getValues('body') ?? '');
    form.setValue('body', now.trim() ? `${now.trimEnd()}\n\n${reply.body}` : reply.body, {
      shouldDirty: true,
    });
    setCannedId('');
    textarea.current?.focus();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    clearReport();
    setProblem(null);
    if (!values.body && files.length === 0) {
      setProblem(MESSAGES.MESSAGE_EMPTY);
      return;
    }
    try {
      const answer = await send.mutateAsync({
        clientId,
        body: values.body,
        internal: values.internal,
        files,
        ...(taxYear === undefined ? {} : { taxYear }),
      });
      form.reset({ client_id: clientId, body: '', internal: values.internal });
      setFiles([]);
      report(answer.status_smessage);
    } catch (error) {
      setServerFieldErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={internal ? 'Add an internal note' : `Reply to ${clientName}`}
      style={{
        background: internal ? 'var(--mantine-color-yellow-1)' : undefined,
        padding: 'var(--mantine-spacing-sm)',
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px ${internal ? 'dashed var(--mantine-color-yellow-8)' : 'solid var(--mantine-color-gray-3)'}`,
      }}
    >
      <Stack gap="sm">
        <Radio.Group
          label="Send as"
          value={internal ? 'note' : 'reply'}
          onChange={(value) => form.setValue('internal', value === 'note')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="reply" label="Reply to client" />
            <Radio value="note" label="Internal note" />
          </Group>
        </Radio.Group>
        {internal && (
          <Text fz="sm" fw={600}>
            Internal note — only staff see it; the client is neither shown nor e-mailed anything.
          </Text>
        )}
        {canned.length > 0 && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label="Canned reply"
              value={cannedId}
              onChange={(event) => setCannedId(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a reply…' },
                ...canned.map((r) => ({ value: r.reply_id, label: r.title })),
              ]}
            />
            <Button variant="default" onClick={insertCanned} disabled={!cannedId}>
              Insert reply
            </Button>
          </Group>
        )}
        <Textarea
          label={internal ? 'Note' : 'Message'}
          description={
            internal
              ? 'Plain text. Kept in the thread for the firm.'
              : 'Plain text; web addresses become links. The client is e-mailed that a message is waiting, never its text.'
          }
          autosize
          minRows={3}
          maxLength={MESSAGE_MAX_BODY}
          {...bodyField}
          ref={(element) => {
            bodyField.ref(element);
            textarea.current = element;
          }}
          error={errors.body?.message}
        />
        {files.length > 0 && (
          <PlainList gap={4} aria-label="Files to send">
            {files.map((file, index) => (
              <Group component="li" key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles(files.filter((_, i) => i !== index))}
                />
              </Group>
            ))}
          </PlainList>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <ApiErrorAlert error={alertError(send.error)} />
        <Group gap="sm" wrap="wrap">
          <FileButton
            onChange={addFiles}
            accept={messageFileRule.extensions.join(',')}
            multiple
            disabled={files.length >= messageFileRule.maxFiles}
            inputProps={{ 'aria-label': 'Choose files to attach' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                disabled={files.length >= messageFileRule.maxFiles}
              >
                Attach files
              </Button>
            )}
          </FileButton>
          <Button type="submit" loading={send.isPending} loaderProps={{ 'aria-label': 'Sending' }}>
            {internal ? 'Save note' : 'Send reply'}
          </Button>
        </Group>
        <Text fz="xs" c="gray.8">
          Up to {messageFileRule.maxFiles} files: JPEG, PNG, HEIC, PDF or Word, each under 25 MB.
        </Text>
      </Stack>
    </form>
  );
}
