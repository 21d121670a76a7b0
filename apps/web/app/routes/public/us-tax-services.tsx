import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ContentSection } from '../../components/ui/content-section.tsx';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { publicMeta } from '../../lib/seo.ts';
import { CallToAction } from '../../features/services/components/call-to-action.tsx';
import { ServiceSection } from '../../features/services/components/service-section.tsx';
import { US_DEDUCTIONS, US_SERVICE_GROUPS } from '../../features/services/us-services.ts';
import type { Route } from './+types/us-tax-services';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'US tax services for individuals and businesses',
    description:
      'Form 1040, 1040NR and 1040X returns, ITIN applications, W-4, Form 8938 and FBAR filings, and corporate, partnership and S corporation returns.',
    path: paths.usTaxServices.getHref(),
  });
}

const [INDIVIDUAL, BUSINESS] = US_SERVICE_GROUPS;

export default function UsTaxServices() {
  return (
    <ContentPage
      title="US tax services"
      lead="Federal tax returns and filings for individuals and businesses, including nonresidents, ITIN applicants and anyone with bank accounts or investments in India."
    >
      <Stack gap={48}>
        <ServiceSection
          group={INDIVIDUAL}
          note="When a due date falls on a weekend or a legal holiday, it moves to the next business day."
        />

        <ContentSection headingId="deductions-heading" title="Deductions we check on every individual return">
          <Text c="gray.8">
            Deductions are easy to miss when records are spread across the year. These are some we look for
            every time, and we ask for the paperwork behind them.
          </Text>
          <List
            spacing="sm"
            center={false}
            icon={
              <ThemeIcon size={24} radius="xl" color="navy" aria-hidden>
                <IconCircleCheck size={16} aria-hidden />
              </ThemeIcon>
            }
          >
            {US_DEDUCTIONS.map((d) => (
              <List.Item key={d.title}>
                <Text span fw={700} c="navy.9">
                  {d.title}:
                </Text>{' '}
                <Text span c="gray.8">
                  {d.text}
                </Text>
              </List.Item>
            ))}
          </List>
        </ContentSection>

        <ServiceSection group={BUSINESS} />

        <CallToAction
          title="Start your US return"
          primary={{ label: 'Contact us', to: paths.contactUs.getHref() }}
          secondary={{ label: 'Indian tax services', to: paths.indianTaxServices.getHref() }}
        >
          Tell us about your situation and we will let you know which forms apply to you, what documents we
          need and what to expect before anything is filed.
        </CallToAction>
      </Stack>
    </ContentPage>
  );
}
