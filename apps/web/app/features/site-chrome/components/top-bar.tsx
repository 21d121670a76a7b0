import { Anchor, Box, Button, Container, Group, Text, type ButtonProps } from '@mantine/core';
import { IconClock, IconMail, IconPhone } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { paths } from '../../../config/paths.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { PANEL_PARAM } from '../account-links.ts';
import { telHref, type ContactDetails } from '../contact-details.ts';

type TopBarProps = {
  contact: ContactDetails;
  onLogin: () => void;
  onRegister: () => void;
  onLogout: () => Promise<void>;
};

/**
 * The Login or Register button: without JavaScript it asks the home page for that panel (GET /?panel=…);
 * with it, the panel opens in place.
 */
function PanelButton({
  panel,
  onOpen,
  children,
  ...look
}: { panel: 'login' | 'register'; onOpen: () => void; children: ReactNode } & Pick<
  ButtonProps,
  'variant' | 'color' | 'c'
>) {
  return (
    <Button
      type="submit"
      name={PANEL_PARAM}
      value={panel}
      size="compact-sm"
      {...look}
      data-account-open={panel}
      aria-haspopup="dialog"
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Button>
  );
}

/** A phone number with its country ("US: …"), dialled on a tap. */
function PhoneLink({ label, phone, href }: { label: string; phone: string; href: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconPhone size={16} aria-hidden />
      <Text span fz="sm">
        {label}:{' '}
        <Anchor href={href} c="white" fz="sm">
          {phone}
        </Anchor>
      </Text>
    </Group>
  );
}

/**
 * The public top bar: contact details from settings, then Login and Register, or Dashboard and Logout. The
 * server renders the logged-out links; the stored login (local storage) shows the others in the browser: React
 * does it on React pages, the account island on islands pages (ADR 021), on this one markup.
 */
export function TopBar({ contact, onLogin, onRegister, onLogout }: TopBarProps) {
  const session = useSessionInfo();
  return (
    <Box bg="navy.9" c="white" py={6} data-testid="top-bar" data-island="account">
      <Container size="xl">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="md" wrap="wrap" fz="sm">
            {contact.email && (
              <Group gap={4} wrap="nowrap">
                <IconMail size={16} aria-hidden />
                <Anchor href={`mailto:${contact.email}`} c="white" fz="sm">
                  {contact.email}
                </Anchor>
              </Group>
            )}
            {contact.usPhone && (
              <PhoneLink label="US" phone={contact.usPhone} href={telHref(contact.usPhone, 'US')} />
            )}
            {contact.indiaPhone && (
              <PhoneLink
                label="India"
                phone={contact.indiaPhone}
                href={telHref(contact.indiaPhone, 'INDIA')}
              />
            )}
            <Group gap={4} wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text span fz="sm" data-testid="office-hours">
                {contact.officeDays}, {contact.officeTimings}
              </Text>
            </Group>
          </Group>
          <Group gap="xs" data-account="in" hidden={!session}>
            <Button
              size="compact-sm"
              variant="white"
              color="navy"
              component="a"
              href={paths.user.dashboard.getHref()}
            >
              Dashboard
            </Button>
            <Button
              size="compact-sm"
              color="gold.3"
              c="navy.9"
              data-account-logout
              onClick={async () => {
                await onLogout();
                window.location.assign(paths.home.getHref());
              }}
            >
              Logout
            </Button>
          </Group>
          {/* Without JavaScript the buttons ask the home page for the panel (GET /?panel=login); with it, the
              panel opens in place. */}
          <form method="get" action={paths.home.getHref()} data-account="out" hidden={Boolean(session)}>
            <Group gap="xs">
              <PanelButton panel="login" onOpen={onLogin} variant="white" color="navy">
                Login
              </PanelButton>
              <PanelButton panel="register" onOpen={onRegister} color="gold.3" c="navy.9">
                Register
              </PanelButton>
            </Group>
          </form>
        </Group>
      </Container>
    </Box>
  );
}
