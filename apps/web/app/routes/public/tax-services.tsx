import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarEvent,
  IconCloudUpload,
  IconFileCheck,
  IconSend,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ContentSection } from '../../components/ui/content-section.tsx';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { publicMeta } from '../../lib/seo.ts';
import { CallToAction } from '../../features/services/components/call-to-action.tsx';
import { INDIAN_SERVICE_GROUPS } from '../../features/services/indian-services.ts';
import type { TaxServiceGroup } from '../../features/services/service-types.ts';
import { US_SERVICE_GROUPS } from '../../features/services/us-services.ts';
import type { Route } from './+types/tax-services';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Tax services in the US and India',
    description:
      'An overview of our services: US individual and business tax returns, ITIN, FBAR and foreign asset reporting, and Indian tax advice, registrations and audits.',
    path: paths.taxServices.getHref(),
  });
}

/** Each card links to its group's section on the detail page, with link text that names the country. */
const US_CARDS = [
  { group: US_SERVICE_GROUPS[0], linkLabel: 'US individual tax services' },
  { group: US_SERVICE_GROUPS[1], linkLabel: 'US business tax services' },
];
const INDIAN_CARDS = [
  { group: INDIAN_SERVICE_GROUPS[0], linkLabel: 'Indian tax advice and registrations' },
  { group: INDIAN_SERVICE_GROUPS[1], linkLabel: 'Setting up a business in India' },
  { group: INDIAN_SERVICE_GROUPS[2], linkLabel: 'Audits in India' },
];

const INCLUDED: readonly { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconCloudUpload,
    title: 'A secure client portal',
    text: 'Upload your documents by category and keep them in one place instead of in e-mail attachments.',
  },
  {
    icon: IconFileCheck,
    title: 'A tax summary before filing',
    text: 'You see the result and can ask questions before anything is submitted.',
  },
  {
    icon: IconSend,
    title: 'Electronic filing',
    text: 'We e-file wherever the tax authority allows it, and you have confirmation that your return was received.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Support all year',
    text: 'Notices, withholding changes and planning questions are handled after the season too.',
  },
];

function GroupCard({ group, href, linkLabel }: { group: TaxServiceGroup; href: string; linkLabel: string }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm" h="100%">
        <Title order={3} fz="lg" c="navy.9">
          {group.title}
        </Title>
        <Text c="gray.8">{group.summary}</Text>
        <List size="sm" spacing={4} c="gray.8">
          {group.services.map((s) => (
            <List.Item key={s.id}>{s.title}</List.Item>
          ))}
        </List>
        <Anchor component={Link} to={href} fw={600} mt="auto">
          {/* The no-break space keeps the arrow on the line of the last word. */}
          {`${linkLabel}\u00a0`}
          <IconArrowRight
            size={16}
            aria-hidden
            style={{ verticalAlign: 'middle', display: 'inline-block' }}
          />
        </Anchor>
      </Stack>
    </Card>
  );
}

export default function TaxServices() {
  const usHref = paths.usTaxServices.getHref();
  const indianHref = paths.indianTaxServices.getHref();
  return (
    <ContentPage
      title="Tax services"
      lead="Tax preparation, filing and advice in the United States and India, for individuals and for businesses."
    >
      <Stack gap={48}>
        <ContentSection headingId="us-services-heading" title="US tax services">
          <Text c="gray.8">
            Federal returns for citizens, residents and nonresidents, the filings that come with income or
            accounts abroad, and returns for corporations, partnerships and S corporations.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {US_CARDS.map((c) => (
              <GroupCard
                key={c.group.id}
                group={c.group}
                href={`${usHref}#${c.group.id}`}
                linkLabel={c.linkLabel}
              />
            ))}
          </SimpleGrid>
          <Anchor component={Link} to={usHref} fw={600}>
            All US tax services
          </Anchor>
        </ContentSection>

        <ContentSection headingId="indian-services-heading" title="Indian tax services">
          <Text c="gray.8">
            Income tax advice and returns in India, PAN and TAN, company and partnership firm formation, and
            statutory and tax audits.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {INDIAN_CARDS.map((c) => (
              <GroupCard
                key={c.group.id}
                group={c.group}
                href={`${indianHref}#${c.group.id}`}
                linkLabel={c.linkLabel}
              />
            ))}
          </SimpleGrid>
          <Anchor component={Link} to={indianHref} fw={600}>
            All Indian tax services
          </Anchor>
        </ContentSection>

        <ContentSection headingId="included-heading" title="Included with every service">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {INCLUDED.map((item) => (
              <Group key={item.title} align="flex-start" gap="md" wrap="nowrap">
                <ThemeIcon size={40} radius="md" color="navy" aria-hidden>
                  <item.icon size={22} aria-hidden />
                </ThemeIcon>
                <Stack gap={4}>
                  <Title order={3} fz="md" c="navy.9">
                    {item.title}
                  </Title>
                  <Text c="gray.8">{item.text}</Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        </ContentSection>

        <CallToAction
          title="Not sure which service you need?"
          primary={{ label: 'Contact us', to: paths.contactUs.getHref() }}
          secondary={{ label: 'Read our company profile', to: paths.profile.getHref() }}
        >
          Describe your situation in a few lines and we will tell you which returns and filings apply and how
          we can help.
        </CallToAction>
      </Stack>
    </ContentPage>
  );
}
