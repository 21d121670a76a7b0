import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconClock, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { contactDetails, telHref } from '../../features/site-chrome/contact-details.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import { formPageLoader } from '../../components/ui/post-form.tsx';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';
import type { Route } from './+types/contact-us';

/** A page with a public form, served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const clientLoader = loadAsDocument;
export const loader = formPageLoader;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Contact Us',
    description:
      'Reach our US and India teams by phone or e-mail, visit our corporate office or processing center, or send us a message.',
    path: paths.contactUs.getHref(),
  });
}

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Title order={3} fz="md" c="navy.9" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {icon}
        {title}
      </Title>
      <Text c="gray.8">{children}</Text>
    </Stack>
  );
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const c = contactDetails(usePublicLayoutData().settings);
  return (
    <ContentPage
      wide
      title="Contact Us"
      lead="Questions about a return, a notice or our services? Call, write, or send a message and a preparer will get back to you."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
        <Stack gap="lg">
          <Title order={2} fz="xl" c="navy.9">
            Our offices
          </Title>
          <Stack gap="lg" component="address" style={{ fontStyle: 'normal' }} data-testid="contact-details">
            {c.corporateOffice && (
              <Detail icon={<IconBuilding size={18} aria-hidden />} title="Corporate office">
                {c.corporateOffice}
              </Detail>
            )}
            {c.processingCenter && (
              <Detail icon={<IconBuilding size={18} aria-hidden />} title="Processing center">
                {c.processingCenter}
              </Detail>
            )}
            {c.usPhone && (
              <Detail icon={<IconPhone size={18} aria-hidden />} title="US phone">
                <Anchor href={telHref(c.usPhone, 'US')}>{c.usPhone}</Anchor>
              </Detail>
            )}
            {c.indiaPhone && (
              <Detail icon={<IconPhone size={18} aria-hidden />} title="India phone">
                <Anchor href={telHref(c.indiaPhone, 'INDIA')}>{c.indiaPhone}</Anchor>
              </Detail>
            )}
            {c.email && (
              <Detail icon={<IconMail size={18} aria-hidden />} title="E-mail">
                <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
              </Detail>
            )}
            <Detail icon={<IconClock size={18} aria-hidden />} title="Office hours">
              {c.officeDays}, {c.officeTimings}
            </Detail>
          </Stack>
        </Stack>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="xl" c="navy.9" mb="md">
            Send us a message
          </Title>
          <ContactForm {...loaderData} />
        </Card>
      </SimpleGrid>
    </ContentPage>
  );
}
