import { Box, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { CLIENT_FILE_TABS, paths, type ClientFileTab } from '../../../config/paths.ts';

export const CLIENT_FILE_TAB_LABELS: Record<ClientFileTab, string> = {
  overview: 'Overview',
  checklist: 'Checklist',
  organizer: 'Organizer',
  documents: 'Documents',
  messages: 'Messages',
  signatures: 'Signatures',
  billing: 'Billing',
  profile: 'Profile',
  history: 'History',
  notes: 'Notes',
  account: 'Account',
};

/**
 * The file's tabs: plain links, each to its own URL (so a tab can be bookmarked, e-mailed and opened in a new
 * window), the current one marked `aria-current="page"`. They wrap onto more lines on a narrow screen.
 */
export function ClientFileTabs({ clientId, current }: { clientId: string; current: ClientFileTab }) {
  return (
    <Box
      component="nav"
      aria-label="Client file"
      pb="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }}
    >
      <Group component="ul" gap={6} wrap="wrap" m={0} p={0} style={{ listStyle: 'none' }}>
        {CLIENT_FILE_TABS.map((tab) => {
          const isCurrent = tab === current;
          return (
            <li key={tab}>
              <Button
                component={Link}
                to={paths.staff.client.getHref(clientId, tab)}
                preventScrollReset
                aria-current={isCurrent ? 'page' : undefined}
                variant={isCurrent ? 'filled' : 'subtle'}
                size="compact-md"
                fw={isCurrent ? 700 : 500}
              >
                {CLIENT_FILE_TAB_LABELS[tab]}
              </Button>
            </li>
          );
        })}
      </Group>
    </Box>
  );
}
