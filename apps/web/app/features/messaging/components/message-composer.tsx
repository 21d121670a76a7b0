import { Alert, Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import {
  accountMessagesSendFieldsSchema,
  fileProblem,
  MESSAGE_MAX_BODY,
  MESSAGE_MAX_FILES,
  messageFileRule,
  MESSAGES,
} from '@taxfirm/contract';
import { IconPaperclip } from '@tabler/icons-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { SuccessAlert } from '../../../components/ui/success-alert.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useSendMessage } from '../api/messages.ts';
import { forgetDraft, keepDraft, readDraft } from '../message-draft.ts';
import { PlainList } from '../../../components/ui/plain-list.tsx';

export const DRAFT_KEPT = 'We kept the message you were writing. Send it now?';
export const DRAFT_FILES_AGAIN = 'Attachments must be chosen again.';
const TOO_MANY_FILES = `Attach at most ${MESSAGE_MAX_FILES} files to one message.`;

/** Why the chosen files cannot go, file by file in the contract's words; null when they can. */
function filesProblem(files: readonly File[]): string | null {
  if (files.length > MESSAGE_MAX_FILES) return TOO_MANY_FILES;
  for (const file of files) {
    const refusal = fileProblem(messageFileRule, file);
    if (refusal) return `${file.name}: ${refusal}`;
  }
  return null;
}

/**
 * Write to the firm: the text (kept in sessionStorage as it is typed, so a session that ends mid-sentence
 * loses nothing), up to five attachments checked in the browser before they go, and Send. The messages page
 * and the dashboard's card both use it; `userId` is the session's, whose draft alone comes back.
 */
export function MessageComposer({
  userId,
  taxYear,
  minRows = 4,
  afterSent,
}: {
  userId: string;
  /** The year the message is about (the page's filter); the current one when absent. */
  taxYear?: number;
  minRows?: number;
  /** Shown after "Message sent." (the dashboard links to the conversation). */
  afterSent?: ReactNode;
}) {
  const send = useSendMessage();
  const [kept] = useState(() => readDraft(userId));
  const [body, setBody] = useState(kept ?? '');
  const [showKept, setShowKept] = useState(kept !== null);
  const [files, setFiles] = useState<readonly File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Lets the picker offer the same file again after it was removed.
  const resetPicker = useRef<() => void>(null);

  const write = (text: string) => {
    setBody(text);
    setSent(null);
    keepDraft(userId, text);
  };

  const choose = (chosen: readonly File[]) => {
    resetPicker.current?.();
    setSent(null);
    const next = [...files, ...chosen];
    const refusal = filesProblem(next);
    setProblem(refusal);
    if (!refusal) setFiles(next);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setProblem(null);
    setSent(null);
    send.reset();
    const fields = accountMessagesSendFieldsSchema.safeParse({ body });
    if (!fields.success) {
      setProblem(fields.error.issues[0]?.message ?? MESSAGES.MESSAGE_EMPTY);
      return;
    }
    if (fields.data.body === '' && files.length === 0) {
      setProblem(MESSAGES.MESSAGE_EMPTY);
      return;
    }
    const refusal = filesProblem(files);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProgress(files.length > 0 ? 0 : null);
    try {
      const answer = await send.mutateAsync({
        body: fields.data.body,
        files,
        ...(taxYear === undefined ? {} : { taxYear }),
        ...(files.length > 0 ? { onProgress: setProgress } : {}),
      });
      forgetDraft();
      setBody('');
      setFiles([]);
      setShowKept(false);
      setSent(answer.message);
    } catch {
      // The alert below says why; the text stays, and so does the kept draft.
    } finally {
      setProgress(null);
    }
  };

  const discardKept = () => {
    forgetDraft();
    setBody('');
    setShowKept(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Write to the firm" noValidate>
      <Stack gap="sm">
        {showKept && (
          // No Alert title: a light alert's tinted title falls short of AA contrast; dark text passes.
          <Alert color="navy">
            <Stack gap="xs">
              <Text fw={700} c="dark.9">
                {DRAFT_KEPT}
              </Text>
              <Text fz="sm" c="dark.9">
                {DRAFT_FILES_AGAIN}
              </Text>
              <Group gap="xs">
                <Button size="compact-md" loading={send.isPending} onClick={() => void submit()}>
                  Send it now
                </Button>
                <Button size="compact-md" variant="default" onClick={discardKept}>
                  Discard it
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Textarea
          label="Your message"
          value={body}
          onChange={(event) => write(event.currentTarget.value)}
          maxLength={MESSAGE_MAX_BODY}
          autosize
          minRows={minRows}
          maxRows={14}
        />
        {files.length > 0 && (
          <PlainList gap={4} aria-label="Attachments">
            {files.map((file, index) => (
              <Group component="li" key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
                <Text fz="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {file.name}{' '}
                  <Text span fz="sm" c="gray.8">
                    ({formatFileSize(file.size)})
                  </Text>
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red.9"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles(files.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </PlainList>
        )}
        {progress !== null && (
          <Progress value={Math.round(progress * 100)} aria-label="Sending your attachments" />
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <ApiErrorAlert error={send.error} />
        <SuccessAlert
          message={
            sent && (
              <>
                {sent} {afterSent}
              </>
            )
          }
        />
        <Group gap="xs" justify="space-between" wrap="wrap">
          <FileButton
            onChange={choose}
            // Phones offer the camera for these types themselves; `capture` would force it.
            accept={messageFileRule.extensions.join(',')}
            multiple
            resetRef={resetPicker}
            inputProps={{ 'aria-label': 'Choose files to attach' }}
            disabled={send.isPending || files.length >= MESSAGE_MAX_FILES}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                disabled={send.isPending || files.length >= MESSAGE_MAX_FILES}
              >
                Attach files
              </Button>
            )}
          </FileButton>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
        <Text fz="xs" c="gray.8">
          Up to {MESSAGE_MAX_FILES} files: photos (jpeg, png, heic), pdf or Word, each under 25 MB.
        </Text>
      </Stack>
    </form>
  );
}
