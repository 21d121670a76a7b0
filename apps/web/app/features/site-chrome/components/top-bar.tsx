import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconClock, IconMail, IconPhone } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSessionInfo } from '../../../lib/session.ts';
import { telHref, type ContactDetails } from '../contact-details.ts';

type TopBarProps = {
  contact: ContactDetails;
  onLogin: () => void;
  onRegister: () => void;
  onLogout: () => Promise<void>;
};

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

/** The public top bar: contact details from settings, then Login and Register, or Dashboard and Logout. */
export function TopBar({ contact, onLogin, onRegister, onLogout }: TopBarProps) {
  const session = useSessionInfo();
  const navigate = useNavigate();
  return (
    <Box bg="navy.9" c="white" py={6} data-testid="top-bar">
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
          {session ? (
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="white"
                color="navy"
                component={Link}
                to={paths.user.dashboard.getHref()}
              >
                Dashboard
              </Button>
              <Button
                size="compact-sm"
                color="gold.3"
                c="navy.9"
                onClick={async () => {
                  await onLogout();
                  navigate(paths.home.getHref());
                }}
              >
                Logout
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button size="compact-sm" variant="white" color="navy" onClick={onLogin} aria-haspopup="dialog">
                Login
              </Button>
              <Button size="compact-sm" color="gold.3" c="navy.9" onClick={onRegister} aria-haspopup="dialog">
                Register
              </Button>
            </Group>
          )}
        </Group>
      </Container>
    </Box>
  );
}
