import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { telHref, type ContactDetails } from '../contact-details.ts';
import { QUICK_LINKS, SERVICE_LINKS } from '../nav-links.ts';

const FOOTER_SERVICES = [
  { label: 'All Tax Services', href: paths.taxServices.getHref() },
  ...SERVICE_LINKS.map((l) => ({
    label: l.label === 'US TAX SERVICES' ? 'US Tax Services' : 'Indian Tax Services',
    href: l.href,
  })),
];

/** A footer column: its heading, then its links. */
function LinkColumn({ title, links }: { title: string; links: readonly { href: string; label: string }[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="md" c="white">
        {title}
      </Title>
      {links.map((l) => (
        <Anchor key={l.href} component={Link} to={l.href} c="gray.2" fz="sm">
          {l.label}
        </Anchor>
      ))}
    </Stack>
  );
}

/** A contact line with its label in white ("Corporate office: Dallas"). */
function Office({ label, children }: { label: string; children: string }) {
  return (
    <Text fz="sm">
      <Text span fw={600} c="white">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** A phone number with its country ("US: …"), dialled on a tap. */
function Phone({ label, phone, href }: { label: string; phone: string; href: string }) {
  return (
    <Text fz="sm">
      {label}:{' '}
      <Anchor href={href} c="gray.2" fz="sm">
        {phone}
      </Anchor>
    </Text>
  );
}

/** The public footer: services, quick links, contact details, the firm's social pages (when set), and the copyright line. */
export function SiteFooter({ contact, year }: { contact: ContactDetails; year: number }) {
  return (
    <Box component="footer" bg="navy.9" c="gray.2" pt="xl" pb="md" mt="xl">
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
          <LinkColumn title="Services" links={FOOTER_SERVICES} />
          <LinkColumn title="Quick links" links={QUICK_LINKS} />
          <Stack gap="xs">
            <Title order={2} fz="md" c="white">
              Contact
            </Title>
            <Stack gap="xs" component="address" style={{ fontStyle: 'normal' }} data-testid="footer-contact">
              {contact.corporateOffice && <Office label="Corporate office">{contact.corporateOffice}</Office>}
              {contact.processingCenter && (
                <Office label="Processing center">{contact.processingCenter}</Office>
              )}
              {contact.usPhone && (
                <Phone label="US" phone={contact.usPhone} href={telHref(contact.usPhone, 'US')} />
              )}
              {contact.indiaPhone && (
                <Phone label="India" phone={contact.indiaPhone} href={telHref(contact.indiaPhone, 'INDIA')} />
              )}
              {contact.email && (
                <Anchor href={`mailto:${contact.email}`} c="gray.2" fz="sm">
                  {contact.email}
                </Anchor>
              )}
              <Text fz="sm">
                {contact.officeDays}, {contact.officeTimings}
              </Text>
            </Stack>
          </Stack>
        </SimpleGrid>
        {contact.social.length > 0 && (
          <Box component="nav" aria-label="Social media" mt="xl">
            <Group component="ul" gap="md" justify="center" m={0} p={0} style={{ listStyle: 'none' }}>
              {contact.social.map((link) => (
                <li key={link.label}>
                  <Anchor href={link.href} target="_blank" rel="noopener noreferrer" c="gray.2" fz="sm">
                    {link.label} <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                  </Anchor>
                </li>
              ))}
            </Group>
          </Box>
        )}
        <Text fz="xs" ta="center" mt="xl" c="gray.4" data-testid="copyright">
          {`© ${year} ${contact.firmName}. All rights reserved.`}
        </Text>
      </Container>
    </Box>
  );
}
