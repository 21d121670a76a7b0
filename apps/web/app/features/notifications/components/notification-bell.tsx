import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Text,
  Title,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useNotifications, useRefreshNotifications } from '../api/get-notifications.ts';
import { useMarkAllRead } from '../api/mark-all-read.ts';
import { PlainList } from '../../../components/ui/plain-list.tsx';

/**
 * The portal's bell: the latest status changes, tax summaries and payments, with the unread count. Opening
 * it marks them read; the ones that were new stay marked "New" until it closes.
 */
export function NotificationBell() {
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const refresh = useRefreshNotifications();
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  // Each page the client opens may follow an event (a payment just made): the bell looks again.
  // (Not on the first page: the list is being read already, and a second read would race it, each one
  // running the inactivity check.)
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    void refresh();
  }, [pathname, refresh]);
  const unread = list.data?.unread ?? 0;
  const items = list.data?.notifications ?? [];

  const toggle = (next: boolean) => {
    setOpened(next);
    if (next && unread > 0) markAll.mutate();
    if (!next) void refresh();
  };

  return (
    <Indicator label={unread} size={18} disabled={unread === 0} color="red.9" offset={4}>
      <Popover
        opened={opened}
        onChange={toggle}
        position="bottom-end"
        width={340}
        withinPortal={false}
        trapFocus
        returnFocus
        shadow="md"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="white"
            size="lg"
            onClick={() => toggle(!opened)}
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            data-testid="notification-bell"
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown c="dark" aria-labelledby="notifications-heading" role="dialog">
          <Title order={2} id="notifications-heading" fz="md" mb="xs">
            Notifications
          </Title>
          {items.length === 0 ? (
            <Text fz="sm">Nothing yet. We will let you know here when your file moves.</Text>
          ) : (
            <ScrollArea.Autosize mah={360} type="auto">
              <PlainList gap="sm">
                {items.map((item) => (
                  <Box
                    component="li"
                    key={item.id}
                    pb="xs"
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fz="sm" fw={item.read ? 500 : 700}>
                        {item.kind === 'message' ? (
                          // A message's entry says only that one came; the words are in Messages.
                          <Anchor
                            component={Link}
                            to={paths.user.messages.getHref()}
                            onClick={() => toggle(false)}
                            inherit
                            underline="always"
                          >
                            {item.title}
                          </Anchor>
                        ) : (
                          item.title
                        )}
                      </Text>
                      {!item.read && (
                        <Badge size="xs" color="red.9" variant="filled">
                          New
                        </Badge>
                      )}
                    </Group>
                    <Text fz="sm">{item.body}</Text>
                    <Text fz="xs" c="gray.7">
                      {formatDateTime(item.created_at)}
                    </Text>
                  </Box>
                ))}
              </PlainList>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
