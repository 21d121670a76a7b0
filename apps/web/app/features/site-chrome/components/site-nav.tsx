import {
  Box,
  Burger,
  Button,
  Collapse,
  Container,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NAV_LINKS, SERVICE_LINKS } from '../nav-links.ts';
import classes from './site-nav.module.css';

function Brand({ firmName }: { firmName: string }) {
  return (
    <UnstyledButton component={Link} to={paths.home.getHref()} className={classes.brand}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden focusable="false">
        <rect width="36" height="36" rx="8" fill="#14335f" />
        <path d="M9 24l6-12 5 8 3-5 4 9z" fill="#f8b01b" />
      </svg>
      <Text component="span" fw={700} fz="lg" c="navy.9">
        {firmName}
      </Text>
    </UnstyledButton>
  );
}

/** The public navbar; below the md breakpoint it collapses into a disclosure menu. */
export function SiteNav({ firmName }: { firmName: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  useEffect(close, [location.pathname, close]);
  const burgerRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open phone menu and returns focus to its button.
  const onMobileKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    burgerRef.current?.focus();
  };

  return (
    <Box className={classes.header}>
      <Container size="xl">
        <Group justify="space-between" h={68} wrap="nowrap">
          <Brand firmName={firmName} />
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
            <NavLink to={paths.profile.getHref()} className={classes.link}>
              Profile
            </NavLink>
            <Menu position="bottom-start" shadow="md" width={240} withinPortal={false}>
              <Menu.Target>
                <UnstyledButton className={classes.link}>
                  <Group gap={4} wrap="nowrap" component="span">
                    Services <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {SERVICE_LINKS.map((l) => (
                  <Menu.Item key={l.href} component={Link} to={l.href}>
                    {l.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            {NAV_LINKS.map((l) => (
              <NavLink key={l.href} to={l.href} className={classes.link}>
                {l.label}
              </NavLink>
            ))}
            <Button component={Link} to={paths.referAFriend.getHref()} color="gold.4" c="navy.9" ml="xs">
              Refer a Friend
            </Button>
          </Group>
          <Burger
            ref={burgerRef}
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={opened}
            aria-controls="mobile-nav"
          />
        </Group>
      </Container>
      <Collapse expanded={opened} hiddenFrom="md">
        <Stack
          component="nav"
          aria-label="Main"
          id="mobile-nav"
          gap={0}
          className={classes.mobileNav}
          onKeyDown={onMobileKeyDown}
        >
          <NavLink to={paths.profile.getHref()} className={classes.mobileLink}>
            Profile
          </NavLink>
          <Text className={classes.mobileGroup} id="mobile-services">
            Services
          </Text>
          <Stack component="ul" aria-labelledby="mobile-services" gap={0} className={classes.mobileList}>
            {SERVICE_LINKS.map((l) => (
              <li key={l.href}>
                <NavLink to={l.href} className={classes.mobileSubLink}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </Stack>
          {NAV_LINKS.map((l) => (
            <NavLink key={l.href} to={l.href} className={classes.mobileLink}>
              {l.label}
            </NavLink>
          ))}
          <NavLink to={paths.referAFriend.getHref()} className={classes.mobileLink}>
            Refer a Friend
          </NavLink>
        </Stack>
      </Collapse>
    </Box>
  );
}
