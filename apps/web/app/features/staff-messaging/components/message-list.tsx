import { Box, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import {
  DOCUMENT_CATEGORIES,
  type MessageAttachment,
  type StaffThread,
  type ThreadMessage,
} from '@taxfirm/contract';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { FileDownloadLink, FilePreviewLink } from '../../../components/ui/file-links.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LinkedText } from '../../../components/ui/linked-text.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useFileAttachment } from '../api/file-attachment.ts';
import { PlainList } from '../../../components/ui/plain-list.tsx';

/** Who wrote it, told by words and a border as well as by colour. */
const LOOKS = {
  client: { bg: 'var(--mantine-color-gray-0)', border: 'var(--mantine-color-gray-5)', kind: 'Client' },
  staff: { bg: 'var(--mantine-color-navy-0)', border: 'var(--mantine-color-navy-3)', kind: 'Firm' },
  note: {
    bg: 'var(--mantine-color-yellow-1)',
    border: 'var(--mantine-color-yellow-8)',
    kind: 'Internal note',
  },
} as const;

/** The thread, oldest first: the client's messages, the firm's replies and (for staff only) internal notes. */
export function MessageList({
  messages,
  items,
  report,
}: {
  messages: readonly ThreadMessage[];
  items: StaffThread['items'];
  report: (message: string) => void;
}) {
  if (messages.length === 0) {
    return <Text c="gray.8">No messages yet. Write to the client below, or add an internal note.</Text>;
  }
  return (
    <PlainList as="ol" gap="sm" aria-label="Messages, oldest first">
      {messages.map((message) => (
        <li key={message.message_id}>
          <MessageCard message={message} items={items} report={report} />
        </li>
      ))}
    </PlainList>
  );
}

function MessageCard({
  message,
  items,
  report,
}: {
  message: ThreadMessage;
  items: StaffThread['items'];
  report: (message: string) => void;
}) {
  const look = message.internal ? LOOKS.note : LOOKS[message.from];
  return (
    <Paper
      component="article"
      aria-label={`${look.kind}: ${message.author}, ${formatDateTime(message.created_at)}`}
      p="sm"
      radius="md"
      ml={message.from === 'staff' ? { base: 0, sm: 'xl' } : 0}
      mr={message.from === 'client' ? { base: 0, sm: 'xl' } : 0}
      style={{
        background: look.bg,
        borderStyle: message.internal ? 'dashed' : 'solid',
        borderColor: look.border,
        borderWidth: 1,
        borderLeftWidth: 4,
      }}
      data-kind={message.internal ? 'note' : message.from}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={700} fz="sm">
              {message.author}
            </Text>
            <Text fz="xs" c="gray.8">
              {message.internal ? 'Staff only' : message.from === 'client' ? 'Client' : 'To the client'}
            </Text>
          </Group>
          <Text fz="xs" c="gray.8">
            {formatDateTime(message.created_at)} · tax year {message.tax_year}
          </Text>
        </Group>
        {message.internal && (
          <Group gap={4} wrap="nowrap">
            <IconLock size={14} aria-hidden />
            <Text fz="xs" fw={700}>
              Internal note — not shown to the client
            </Text>
          </Group>
        )}
        {message.body && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <LinkedText text={message.body} />
          </Text>
        )}
        {message.attachments.length > 0 && (
          <PlainList gap={4} aria-label="Attachments">
            {message.attachments.map((attachment) => (
              <li key={attachment.attachment_id}>
                <AttachmentRow
                  attachment={attachment}
                  items={items}
                  report={report}
                  // A note's attachment is a workpaper: filing it would show it to the client.
                  fileable={!message.internal}
                />
              </li>
            ))}
          </PlainList>
        )}
        {message.from === 'staff' && !message.internal && (
          <Text fz="xs" c="gray.8" ta="right">
            {message.seen ? `Seen ${formatDateTime(message.seen.at)}` : 'Not seen yet'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function AttachmentRow({
  attachment,
  items,
  report,
  fileable,
}: {
  attachment: MessageAttachment;
  items: StaffThread['items'];
  report: (message: string) => void;
  fileable: boolean;
}) {
  const [filing, setFiling] = useState(false);
  return (
    <Group gap="sm" wrap="wrap">
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {attachment.name}{' '}
        <Text span fz="xs" c="gray.8">
          ({formatFileSize(attachment.size)})
        </Text>
      </Text>
      {attachment.preview_url && (
        <FilePreviewLink href={attachment.preview_url} label={`Preview ${attachment.name}`} />
      )}
      <FileDownloadLink href={attachment.download_url} name={attachment.name} />
      {attachment.filed_as ? (
        <Text fz="xs" fw={600}>
          Filed as {attachment.filed_as}
        </Text>
      ) : (
        fileable && (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setFiling(true)}
            aria-label={`File ${attachment.name}…`}
          >
            File…
          </Button>
        )
      )}
      {filing && (
        <FileDialog
          attachment={attachment}
          items={items}
          onClose={() => setFiling(false)}
          onFiled={(message) => {
            setFiling(false);
            report(message);
          }}
        />
      )}
    </Group>
  );
}

/** Where an attachment can go: a documents category ("doc:W2") or a checklist item ("item:<id>"). */
function FileDialog({
  attachment,
  items,
  onClose,
  onFiled,
}: {
  attachment: MessageAttachment;
  items: StaffThread['items'];
  onClose: () => void;
  onFiled: (message: string) => void;
}) {
  const file = useFileAttachment();
  const [target, setTarget] = useState(`doc:${DOCUMENT_CATEGORIES[0].category}`);
  const submit = async () => {
    const colon = target.indexOf(':');
    const kind = target.slice(0, colon);
    const value = target.slice(colon + 1);
    const category = DOCUMENT_CATEGORIES.find((c) => c.category === value)?.category;
    const body =
      kind === 'item'
        ? { target: 'item' as const, attachment_id: attachment.attachment_id, item_id: value }
        : category
          ? { target: 'documents' as const, attachment_id: attachment.attachment_id, category }
          : null;
    if (!body) return;
    const answer = await file.mutateAsync(body).catch(() => null);
    if (answer) onFiled(answer.status_smessage);
  };
  return (
    <Dialog opened onClose={onClose} title={`File ${attachment.name}`}>
      <Stack gap="sm">
        <NativeSelect
          label="File into"
          description="A copy goes into the client's documents or the checklist item; the message keeps its attachment."
          value={target}
          onChange={(event) => setTarget(event.currentTarget.value)}
          data={[
            {
              group: 'Documents',
              items: DOCUMENT_CATEGORIES.map((c) => ({
                value: `doc:${c.category}`,
                label: `Documents · ${c.tab}`,
              })),
            },
            ...(items.length > 0
              ? [
                  {
                    group: 'Checklist items',
                    items: items.map((i) => ({ value: `item:${i.item_id}`, label: i.title })),
                  },
                ]
              : []),
          ]}
        />
        <ApiErrorAlert error={file.error} />
        <Box>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={file.isPending}>
              File
            </Button>
          </Group>
        </Box>
      </Stack>
    </Dialog>
  );
}
