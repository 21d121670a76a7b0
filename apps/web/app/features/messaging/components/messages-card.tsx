import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { MessageComposer } from './message-composer.tsx';
import { NO_EMAIL_NOTE } from './messages-page.tsx';

/**
 * The dashboard's "Message your preparer": how many of the firm's messages are unread, a short composer,
 * and the way to the whole conversation. `unread` comes from the bell's answer, read once for the layout.
 */
export function MessagesCard({ unread }: { unread: number }) {
  const session = useSessionInfo();
  const toMessages = paths.user.messages.getHref();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="messages-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <Title order={2} fz="lg" id="messages-card">
              Message your preparer
            </Title>
            {unread > 0 && (
              <Badge color="red.9" variant="filled">
                {unread} unread
              </Badge>
            )}
          </Group>
          <Button component={Link} to={toMessages} variant="default">
            {unread > 0 ? 'Read your messages' : 'Open your messages'}
          </Button>
        </Group>
        <Text fz="sm" c="gray.8">
          {NO_EMAIL_NOTE}
        </Text>
        {session && (
          <MessageComposer
            key={session.userId}
            userId={session.userId}
            minRows={2}
            afterSent={
              <Anchor component={Link} to={toMessages} underline="always">
                See the conversation
              </Anchor>
            }
          />
        )}
      </Stack>
    </Card>
  );
}
