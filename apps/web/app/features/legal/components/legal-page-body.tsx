import { Anchor, Box, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LEGAL_EFFECTIVE_DATE, type LegalContact, type LegalSection } from '../legal-document.ts';

const CONTACT_ID = 'contact';

/**
 * The body of a legal page: effective date, a table of contents, the sections as h2s, a
 * contact section from site settings, and links to the related legal pages.
 */
export function LegalPageBody({
  sections,
  contact,
  contactIntro,
  related,
}: {
  sections: readonly LegalSection[];
  contact: LegalContact;
  /** The sentence that opens the contact section. */
  contactIntro: string;
  related: readonly { label: string; href: string }[];
}) {
  return (
    <Stack gap="xl">
      <Text c="gray.8" fw={600} data-testid="effective-date">
        Effective date: {LEGAL_EFFECTIVE_DATE}
      </Text>

      <Box component="nav" aria-label="On this page" bg="navy.0" p="lg" style={{ borderRadius: 12 }}>
        <Text fw={700} c="navy.9" mb="xs">
          On this page
        </Text>
        <List spacing={4} c="navy.9">
          {[...sections, { id: CONTACT_ID, heading: 'Contact us' }].map((s) => (
            <List.Item key={s.id}>
              <Anchor href={`#${s.id}`} c="navy.8">
                {s.heading}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Box>

      {sections.map((section) => (
        <Stack key={section.id} gap="sm" component="section" aria-labelledby={section.id}>
          <Title order={2} id={section.id} fz="xl" c="navy.9" style={{ scrollMarginTop: 16 }}>
            {section.heading}
          </Title>
          {section.blocks.map((block, i) =>
            block.kind === 'p' ? (
              <Text key={i} c="gray.9" lh={1.65}>
                {block.text}
              </Text>
            ) : (
              <List key={i} spacing="xs" c="gray.9" lh={1.65}>
                {block.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            ),
          )}
        </Stack>
      ))}

      <Stack gap="sm" component="section" aria-labelledby={CONTACT_ID}>
        <Title order={2} id={CONTACT_ID} fz="xl" c="navy.9" style={{ scrollMarginTop: 16 }}>
          Contact us
        </Title>
        <Text c="gray.9" lh={1.65}>
          {contactIntro}
        </Text>
        <Box component="address" style={{ fontStyle: 'normal' }} data-testid="legal-contact">
          <Text fw={700} c="navy.9">
            {contact.firmName}
          </Text>
          {contact.office && <Text c="gray.9">{contact.office}</Text>}
          {contact.email && (
            <Text c="gray.9">
              E-mail:{' '}
              <Anchor href={`mailto:${contact.email}`} underline="always">
                {contact.email}
              </Anchor>
            </Text>
          )}
        </Box>
      </Stack>

      {related.length > 0 && (
        <Text c="gray.8">
          See also:{' '}
          {related.map((r, i) => (
            <span key={r.href}>
              {i > 0 && ' · '}
              <Anchor component={Link} to={r.href} underline="always">
                {r.label}
              </Anchor>
            </span>
          ))}
        </Text>
      )}
    </Stack>
  );
}
