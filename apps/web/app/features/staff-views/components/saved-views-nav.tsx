import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { shownCount } from '../../../components/ui/data-table.tsx';
import { useSavedViews } from '../api/saved-views.ts';
import { viewHref } from '../view-address.ts';

/** The console's menu of saved views, each with how many files it holds now (issue 36). */
export function SavedViewsNav() {
  const views = useSavedViews();
  const list = views.data?.views ?? [];
  if (list.length === 0) return null;
  return (
    <Box component="nav" aria-label="Saved views" px="md" py={6} bg="gray.1">
      <Group gap="md" wrap="wrap">
        <Text fz="sm" fw={700} aria-hidden>
          Saved views:
        </Text>
        <Group gap="md" wrap="wrap" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.map((view) => (
            <li key={view.view_id}>
              <Anchor component={Link} to={viewHref(view.query)} fz="sm" underline="hover">
                {view.name} ({shownCount(view.count, view.more)})
              </Anchor>
            </li>
          ))}
        </Group>
      </Group>
    </Box>
  );
}
