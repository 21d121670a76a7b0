import { Box, Container, Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { closeDisclosureMenus, enhanceDisclosureMenus } from '../disclosure-menus.ts';
import { NAV_LINKS, SERVICE_LINKS } from '../nav-links.ts';
import classes from './site-nav.module.css';

function Brand({ firmName }: { firmName: string }) {
  return (
    <Link to={paths.home.getHref()} className={classes.brand}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden focusable="false">
        <rect width="36" height="36" rx="8" fill="#14335f" />
        <path d="M9 24l6-12 5 8 3-5 4 9z" fill="#f8b01b" />
      </svg>
      <Text component="span" fw={700} fz="lg" c="navy.9">
        {firmName}
      </Text>
    </Link>
  );
}

function Chevron() {
  return (
    <svg className={classes.chevron} width="14" height="14" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The public navbar. Its menus are `<details>` disclosures that work without JavaScript (ADR 021): on wide
 * screens the Services menu, below the md breakpoint the whole navigation. Escape, an outside click and focus
 * leaving close them: React's effect on React pages, the site-nav island on islands pages, one behaviour.
 */
export function SiteNav({ firmName }: { firmName: string }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useEffect(() => (rootRef.current ? enhanceDisclosureMenus(rootRef.current) : undefined), []);
  // A client-side navigation (React pages only) closes the open menu.
  useEffect(() => {
    if (rootRef.current) closeDisclosureMenus(rootRef.current);
  }, [location.pathname]);

  return (
    <Box className={classes.header} ref={rootRef} data-island="site-nav" data-testid="site-nav">
      <Container size="xl">
        <Group justify="space-between" h={68} wrap="nowrap">
          <Brand firmName={firmName} />
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
            <NavLink to={paths.profile.getHref()} className={classes.link}>
              Profile
            </NavLink>
            <details className={classes.menu} data-menu data-testid="services-menu">
              <summary className={classes.link}>
                Services <Chevron />
              </summary>
              <ul className={classes.dropdown}>
                {SERVICE_LINKS.map((l) => (
                  <li key={l.href}>
                    <NavLink to={l.href} className={classes.dropdownLink}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </details>
            {NAV_LINKS.map((l) => (
              <NavLink key={l.href} to={l.href} className={classes.link}>
                {l.label}
              </NavLink>
            ))}
            <Link to={paths.referAFriend.getHref()} className={classes.cta}>
              Refer a Friend
            </Link>
          </Group>
          <Box
            component="details"
            hiddenFrom="md"
            className={classes.mobileMenu}
            data-menu
            data-testid="mobile-menu"
          >
            <summary className={classes.burger}>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden focusable="false">
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <VisuallyHidden>Menu</VisuallyHidden>
            </summary>
            <nav aria-label="Main" id="mobile-nav" className={classes.mobileNav}>
              <NavLink to={paths.profile.getHref()} className={classes.mobileLink}>
                Profile
              </NavLink>
              <p className={classes.mobileGroup} id="mobile-services">
                Services
              </p>
              <ul aria-labelledby="mobile-services" className={classes.mobileList}>
                {SERVICE_LINKS.map((l) => (
                  <li key={l.href}>
                    <NavLink to={l.href} className={classes.mobileSubLink}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              {NAV_LINKS.map((l) => (
                <NavLink key={l.href} to={l.href} className={classes.mobileLink}>
                  {l.label}
                </NavLink>
              ))}
              <NavLink to={paths.referAFriend.getHref()} className={classes.mobileLink}>
                Refer a Friend
              </NavLink>
            </nav>
          </Box>
        </Group>
      </Container>
    </Box>
  );
}
