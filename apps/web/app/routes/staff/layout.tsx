import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink, Outlet, redirect, useNavigate } from 'react-router';
import { AppHeader } from '../../components/ui/app-header.tsx';
import { ClientOnlyFallback } from '../../components/layouts/client-only-fallback.tsx';
import { paths } from '../../config/paths.ts';
import { staffViewerQueryOptions, useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { staffLogout } from '../../features/staff-auth/api/staff-logout.ts';
import { MessagesNavLabel } from '../../features/staff-messaging/components/messages-nav-label.tsx';
import { SavedViewsNav } from '../../features/staff-views/components/saved-views-nav.tsx';
import { getQueryClient } from '../../lib/query-client.ts';

/**
 * The staff console renders in the browser, for a staff session only: anyone else goes to the staff login.
 * The server checks the role on every staff call regardless. The answer goes into the query cache, where the
 * console's pages read it (useStaffViewer).
 */
export async function clientLoader() {
  try {
    // Asked afresh on each run (staleTime 0), whatever the cache holds: the session may have ended.
    await getQueryClient().fetchQuery({ ...staffViewerQueryOptions(), staleTime: 0 });
  } catch {
    throw redirect(paths.staff.login.getHref());
  }
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <ClientOnlyFallback label="Loading the staff console" />;
}

/** The console's pages; the server refuses admin calls to analysts whatever the menu shows. */
const consoleLinks: { href: string; label: ReactNode; adminOnly?: boolean }[] = [
  { href: paths.staff.home.getHref(), label: 'My work' },
  { href: paths.staff.queues.getHref(), label: 'Work queues' },
  { href: paths.staff.messages.getHref(), label: <MessagesNavLabel /> },
  { href: paths.staff.inbox.getHref(), label: 'Inbox' },
  { href: paths.staff.activity.getHref(), label: 'Activity' },
  { href: paths.staff.team.getHref(), label: 'Staff', adminOnly: true },
  { href: paths.staff.templates.getHref(), label: 'Status e-mails', adminOnly: true },
  { href: paths.staff.reports.getHref(), label: 'Season report', adminOnly: true },
  { href: paths.staff.automations.getHref(), label: 'Automations', adminOnly: true },
  { href: paths.staff.audit.getHref(), label: 'Audit log', adminOnly: true },
  { href: paths.staff.settings.getHref(), label: 'Settings', adminOnly: true },
];

export default function StaffLayout() {
  const staff = useStaffViewer().data;
  const navigate = useNavigate();
  const logout = async () => {
    await staffLogout().catch(() => undefined);
    navigate(paths.staff.login.getHref());
  };
  return (
    <>
      <AppHeader>
        <Group gap="lg" wrap="wrap">
          <Anchor href={paths.staff.home.getHref()} c="white" fw={700}>
            Staff console
          </Anchor>
          <Box component="nav" aria-label="Staff console">
            <Group component="ul" gap="md" wrap="wrap" className="staff-nav">
              {consoleLinks
                .filter((link) => !link.adminOnly || staff.role === 'admin')
                .map((link) => (
                  <li key={link.href}>
                    <Anchor component={NavLink} to={link.href} end c="white" fz="sm" underline="hover">
                      {link.label}
                    </Anchor>
                  </li>
                ))}
            </Group>
          </Box>
        </Group>
        <Group gap="sm">
          <Text fz="sm" data-testid="staff-identity">
            {staff.first_name} {staff.last_name} ({staff.role})
          </Text>
          <Anchor component={NavLink} to={paths.staff.account.getHref()} c="white" fz="sm" underline="hover">
            Your account
          </Anchor>
          <Button size="compact-sm" variant="white" color="navy" onClick={() => void logout()}>
            Logout
          </Button>
        </Group>
      </AppHeader>
      <SavedViewsNav />
      <Outlet />
    </>
  );
}
