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
              {contact.corporateOffice && (
                <Text fz="sm">
                  <Text span fw={600} c="white">
                    Corporate office:{' '}
                  </Text>
                  {contact.corporateOffice}
                </Text>
              )}
              {contact.processingCenter && (
                <Text fz="sm">
                  <Text span fw={600} c="white">
                    Processing center:{' '}
                  </Text>
                  {contact.processingCenter}
                </Text>
              )}
              {contact.usPhone && (
                <Text fz="sm">
                  US:{' '}
                  <Anchor href={telHref(contact.usPhone, 'US')} c="gray.2" fz="sm">
                    {contact.usPhone}
                  </Anchor>
                </Text>
              )}
              {contact.indiaPhone && (
                <Text fz="sm">
                  India:{' '}
                  <Anchor href={telHref(contact.indiaPhone, 'INDIA')} c="gray.2" fz="sm">
                    {contact.indiaPhone}
                  </Anchor>
                </Text>
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
