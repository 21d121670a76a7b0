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
  VisuallyHidden,
} from '@mantine/core';
import { canPay } from '@taxfirm/contract';
import { IconChevronDown, IconMenu2, IconUserCircle, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import { AppHeader } from '../../../components/ui/app-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { CLIENT_MENU } from '../menu.ts';

/** The id of the phone's menu panel, which the top bar's Menu button controls. */
const PHONE_MENU_ID = 'client-menu-panel';

/** Numbers shown beside menu entries, by the entry's href (the unread messages). */
export type MenuCounts = Readonly<Partial<Record<string, number>>>;

/** The client menu's entries (those that exist as links; the rest marked as opening soon). */
function ClientMenuLinks({
  paymentOpen,
  counts,
  onNavigate,
}: {
  paymentOpen: boolean;
  counts: MenuCounts;
  onNavigate?: () => void;
}) {
  return (
    <Stack gap={2}>
      {CLIENT_MENU.filter((entry) => !entry.paymentOnly || paymentOpen).map((entry) =>
        entry.available ? (
          <NavLink
            key={entry.href}
            component={RouterNavLink}
            to={entry.href}
            label={entry.label}
            leftSection={<entry.icon size={18} aria-hidden />}
            rightSection={<MenuCount count={counts[entry.href] ?? 0} label={entry.countLabel} />}
            onClick={onNavigate}
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
  );
}

/** A menu entry's count: filled (light badges fail contrast), its meaning spelled out for screen readers. */
function MenuCount({ count, label = 'unread' }: { count: number; label?: string | undefined }) {
  if (count <= 0) return null;
  return (
    <Badge size="sm" color="red.9" variant="filled" circle={count < 10}>
      <span aria-hidden>{count}</span>
      <VisuallyHidden>{`${count} ${label}`}</VisuallyHidden>
    </Badge>
  );
}

/**
 * The client area's chrome: a top bar with the file status and number, Refer a Friend, Make Payment (while
 * payment is open) and the profile menu; the side menu; then the page. Below the sm breakpoint (a phone) the
 * side menu folds into the top bar's Menu button, so the page's own content comes first; CSS alone decides
 * which of the two shows, so the server's HTML and the first paint agree (the phone's panel starts closed).
 */
export function ClientShell({
  onLogout,
  bell,
  counts = {},
  yearSwitcher,
  children,
}: {
  onLogout: () => Promise<void>;
  /** The notification bell, beside the account menu. */
  bell?: ReactNode;
  /** Numbers beside menu entries (in the side menu and the phone's Menu). */
  counts?: MenuCounts;
  /** The tax year switcher (issue 38), above the menu's links. */
  yearSwitcher?: ReactNode;
  children: ReactNode;
}) {
  const session = useSessionInfo();
  const navigate = useNavigate();
  const paymentOpen = session?.fileStatus ? canPay(session.fileStatus) : false;
  const logout = async () => {
    await onLogout();
    navigate(paths.home.getHref());
  };
  const { pathname } = useLocation();
  // The page the phone's menu was opened on: a new page (a link, or the browser's Back) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and returns focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <>
      <AppHeader>
        <Group gap="xs" wrap="nowrap">
          <Button
            ref={menuButton}
            hiddenFrom="sm"
            size="compact-md"
            variant="white"
            color="navy"
            leftSection={menuOpen ? <IconX size={18} aria-hidden /> : <IconMenu2 size={18} aria-hidden />}
            aria-expanded={menuOpen}
            aria-controls={PHONE_MENU_ID}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </Button>
          <Anchor component={Link} to={paths.home.getHref()} c="white" fw={700}>
            Client portal
          </Anchor>
        </Group>
        <Group
          gap="xs"
          wrap="wrap"
          data-testid="file-summary"
          style={{ columnGap: 'var(--mantine-spacing-md)' }}
        >
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
      <Box
        component="nav"
        id={PHONE_MENU_ID}
        aria-label="Client menu"
        hiddenFrom="sm"
        hidden={!menuOpen}
        bg="white"
        px="sm"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {yearSwitcher}
        <ClientMenuLinks paymentOpen={paymentOpen} counts={counts} onNavigate={() => setMenuOpen(false)} />
      </Box>
      <Container size="xl" py="lg">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Box component="nav" aria-label="Client menu" visibleFrom="sm" w={230}>
            {yearSwitcher}
            <ClientMenuLinks paymentOpen={paymentOpen} counts={counts} />
          </Box>
          <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, minWidth: 280 }}>
            {children}
          </Box>
        </Group>
      </Container>
    </>
  );
}
