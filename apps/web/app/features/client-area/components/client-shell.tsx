import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { canPay } from '@taxfirm/contract';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, useNavigate } from 'react-router';
import { AppHeader } from '../../../components/ui/app-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { CLIENT_MENU } from '../menu.ts';

/**
 * The client area's chrome: a top bar with the file status and number, Refer a Friend, Make Payment (while
 * payment is open) and the profile menu; the side menu; then the page.
 */
export function ClientShell({
  onLogout,
  bell,
  children,
}: {
  onLogout: () => Promise<void>;
  /** The notification bell, beside the account menu. */
  bell?: ReactNode;
  children: ReactNode;
}) {
  const session = useSessionInfo();
  const navigate = useNavigate();
  const paymentOpen = session?.fileStatus ? canPay(session.fileStatus) : false;
  const logout = async () => {
    await onLogout();
    navigate(paths.home.getHref());
  };

  return (
    <>
      <AppHeader>
        <Anchor component={Link} to={paths.home.getHref()} c="white" fw={700}>
          Client portal
        </Anchor>
        <Group gap="md" wrap="wrap" data-testid="file-summary">
          <Text fz="sm">
            File status:{' '}
            <Badge color="gold.3" c="navy.9" variant="filled" component="span">
              {session?.fileStatus ?? '—'}
            </Badge>
          </Text>
          <Text fz="sm">
            File number: <strong>{session?.fileNumber ?? 'Not assigned yet'}</strong>
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.referAFriend.getHref()}
            size="compact-sm"
            variant="white"
            color="navy"
          >
            Refer a Friend
          </Button>
          {paymentOpen && (
            <Button
              component={Link}
              to={paths.user.payment.getHref()}
              size="compact-sm"
              color="gold.3"
              c="navy.9"
            >
              Make Payment
            </Button>
          )}
          {bell}
          <Menu position="bottom-end" withinPortal={false}>
            <Menu.Target>
              <UnstyledButton c="white" aria-label={`Account menu for ${session?.userName ?? 'you'}`}>
                <Group gap={4}>
                  <IconUserCircle size={20} aria-hidden />
                  <Text fz="sm">{session?.userName}</Text>
                  <IconChevronDown size={14} aria-hidden />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={paths.user.changePassword.getHref()}>
                Change Password
              </Menu.Item>
              <Menu.Item component={Link} to={paths.user.referrals.getHref()}>
                Referrals List
              </Menu.Item>
              <Menu.Item onClick={() => void logout()}>Logout</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppHeader>
      <Container size="xl" py="lg">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Box component="nav" aria-label="Client menu" w={{ base: '100%', sm: 230 }}>
            <Stack gap={2}>
              {CLIENT_MENU.filter((entry) => !entry.paymentOnly || paymentOpen).map((entry) =>
                entry.available ? (
                  <NavLink
                    key={entry.href}
                    component={RouterNavLink}
                    to={entry.href}
                    label={entry.label}
                    leftSection={<entry.icon size={18} aria-hidden />}
                  />
                ) : (
                  <NavLink
                    key={entry.href}
                    component="span"
                    label={entry.label}
                    description="Opening soon"
                    aria-disabled
                    disabled
                    leftSection={<entry.icon size={18} aria-hidden />}
                  />
                ),
              )}
            </Stack>
          </Box>
          <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, minWidth: 280 }}>
            {children}
          </Box>
        </Group>
      </Container>
    </>
  );
}
