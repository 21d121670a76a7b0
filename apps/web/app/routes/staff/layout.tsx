import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Outlet, redirect, useLoaderData, useNavigate } from 'react-router';
import { ClientOnlyFallback } from '../../components/layouts/client-only-fallback.tsx';
import { paths } from '../../config/paths.ts';
import { fetchStaffMe, staffLogout } from '../../features/staff-auth/api/staff-auth.ts';

/**
 * The staff console renders in the browser, for a staff session only: anyone else goes to the staff login.
 * The server checks the role on every staff call regardless.
 */
export async function clientLoader() {
  try {
    return (await fetchStaffMe()).staff;
  } catch {
    throw redirect(paths.staff.login.getHref());
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <ClientOnlyFallback label="Loading the staff console" />;
}

export default function StaffLayout() {
  const staff = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const logout = async () => {
    await staffLogout().catch(() => undefined);
    navigate(paths.staff.login.getHref());
  };
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Box component="header" bg="navy.9" c="white" py="sm">
        <Container size="xl">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Anchor href={paths.staff.home.getHref()} c="white" fw={700}>
              Staff console
            </Anchor>
            <Group gap="sm">
              <Anchor href={paths.staff.inbox.getHref()} c="white" fz="sm" underline="always">
                Inbox
              </Anchor>
              <Text fz="sm" data-testid="staff-identity">
                {staff.first_name} {staff.last_name} ({staff.role})
              </Text>
              <Button size="compact-sm" variant="white" color="navy" onClick={() => void logout()}>
                Logout
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Outlet />
    </>
  );
}
