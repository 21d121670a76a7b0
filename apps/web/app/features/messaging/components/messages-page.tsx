import { Anchor, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { AccountMessages, ThreadMessage } from '@taxfirm/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TaxYearSelect } from '../../../components/ui/tax-year-select.tsx';
import { formatDateTime, formatTime } from '../../../lib/dates.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { renewWhenOld } from '../../../lib/short-lived-links.ts';
import { useMarkMessagesRead, useMessages } from '../api/messages.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageText } from './message-text.tsx';
import { PlainList } from '../../../components/ui/plain-list.tsx';

export const NO_MESSAGES =
  'No messages yet. Ask us anything: your message and attachments stay in the portal.';
export const NO_EMAIL_NOTE = "Please don't e-mail us documents or identity numbers: send them here.";

/** Renew the attachment links a minute before they expire (never sooner than a minute). */
const renewAfterMs = (ttlSeconds: number) => Math.max(60, ttlSeconds - 60) * 1000;

/** "Seen by Asha, 10:14 AM" today; with the date on another day. */
export function seenLine(seen: NonNullable<ThreadMessage['seen']>, now = new Date()): string {
  const sameDay = new Date(seen.at).toDateString() === now.toDateString();
  return `Seen by ${seen.by}, ${sameDay ? formatTime(seen.at) : formatDateTime(seen.at)}`;
}

/**
 * /user/messages: the client's conversation with the firm, oldest first, filtered by tax year if they like,
 * and the composer under it. Opening it (and every answer with something unread) marks the firm's messages
 * read; `onRead` then refreshes the bell and the menu's count.
 */
export function MessagesPage({ onRead }: { onRead?: () => void }) {
  const session = useSessionInfo();
  const [taxYear, setTaxYear] = useState<number | undefined>(undefined);
  const messages = useMessages(taxYear);
  const { mutate: markRead } = useMarkMessagesRead(onRead);
  const data = messages.data;
  const renew = renewWhenOld(messages, renewAfterMs(data?.links_ttl_s ?? 300));

  // Once per newest message: a reply that arrives later (the list is read again) is marked read in turn.
  const unread = data?.unread ?? 0;
  const newest = data?.messages.at(-1)?.message_id;
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (unread === 0 || !newest || markedUpTo.current === newest) return;
    markedUpTo.current = newest;
    markRead();
  }, [unread, newest, markRead]);

  return (
    <Stack gap="lg" onPointerEnter={renew} onFocusCapture={renew}>
      <PageHeader
        title="Messages"
        description="Write to your preparer and read our answers. Everything stays in the portal."
      />
      <Text fw={600}>{NO_EMAIL_NOTE}</Text>

      <section aria-labelledby="conversation-heading">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="sm">
          <Title order={2} fz="lg" id="conversation-heading">
            Conversation
          </Title>
          {data && (data.tax_years.length > 0 || taxYear !== undefined) && (
            <TaxYearSelect
              years={data.tax_years}
              value={taxYear}
              onChange={setTaxYear}
              allLabel="All years"
            />
          )}
        </Group>
        {messages.error && !data ? (
          <ApiErrorAlert error={messages.error} />
        ) : !data ? (
          <Loader role="status" aria-label="Loading your messages" />
        ) : (
          <Conversation data={data} taxYear={taxYear} />
        )}
      </section>

      <section aria-labelledby="composer-heading">
        <Title order={2} fz="lg" id="composer-heading" mb="sm">
          Write to us
        </Title>
        {session && <MessageComposer key={session.userId} userId={session.userId} taxYear={taxYear} />}
      </section>
    </Stack>
  );
}

function Conversation({ data, taxYear }: { data: AccountMessages; taxYear: number | undefined }) {
  if (data.messages.length === 0) {
    return <Text>{taxYear === undefined ? NO_MESSAGES : `No messages about ${taxYear}.`}</Text>;
  }
  return (
    <PlainList as="ol" gap="sm" aria-label="Messages, oldest first">
      {data.messages.map((message) => (
        <MessageItem key={message.message_id} message={message} />
      ))}
    </PlainList>
  );
}

/** One message: who and when, the words, the attachments; under the client's own, whether it was read. */
function MessageItem({ message }: { message: ThreadMessage }) {
  const isOwn = message.from === 'client';
  return (
    <Box
      component="li"
      aria-label={`${message.author}, ${formatDateTime(message.created_at)}`}
      p="sm"
      maw="min(100%, 42rem)"
      ml={isOwn ? 'auto' : 0}
      bg={isOwn ? 'blue.0' : 'gray.0'}
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs" wrap="wrap" mb={4}>
        <Text fw={700} fz="sm">
          {message.author}
        </Text>
        <Text fz="sm" c="gray.8">
          <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </Text>
      </Group>
      {message.body && <MessageText body={message.body} />}
      {message.attachments.length > 0 && (
        <Stack
          component="ul"
          gap={2}
          mt="xs"
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`Attachments of the message of ${formatDateTime(message.created_at)}`}
        >
          {message.attachments.map((file) => (
            <li key={file.attachment_id}>
              <Anchor href={file.download_url} underline="always" style={{ overflowWrap: 'anywhere' }}>
                Download {file.name}
              </Anchor>{' '}
              <Text span fz="sm" c="gray.8">
                {formatFileSize(file.size)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {isOwn && (
        <Text fz="xs" c="gray.8" mt={4}>
          {message.seen ? seenLine(message.seen) : 'Sent'}
        </Text>
      )}
    </Box>
  );
}
