import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { shownCount } from '../../../components/ui/data-table.tsx';
import { useUnreadThreads } from '../api/get-inbox.ts';

/** The console menu's "Messages", with the number of conversations that hold unread client messages. */
export function MessagesNavLabel() {
  const unread = useUnreadThreads();
  return (
    <Group component="span" gap={6} wrap="nowrap">
      Messages
      {unread.count > 0 && (
        <Badge component="span" size="sm" variant="white" color="navy" c="navy.9">
          {shownCount(unread.count, unread.more)}
          <VisuallyHidden component="span"> unread</VisuallyHidden>
        </Badge>
      )}
    </Group>
  );
}
