import { Stack, Text } from '@mantine/core';
import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { publicMeta } from '../../lib/seo.ts';
import { CallToAction } from '../../features/services/components/call-to-action.tsx';
import { ServiceSection } from '../../features/services/components/service-section.tsx';
import { INDIAN_SERVICE_GROUPS } from '../../features/services/indian-services.ts';
import type { Route } from './+types/indian-tax-services';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Indian tax services, audits and business formation',
    description:
      'Tax advice and returns in India, PAN and TAN, company incorporation, partnership firm formation, statutory audits and tax audits, for residents and NRIs.',
    path: paths.indianTaxServices.getHref(),
  });
}

export default function IndianTaxServices() {
  return (
    <ContentPage
      title="Indian tax services"
      lead="Tax advice, registrations, business formation and audits in India, for residents, non-resident Indians and the businesses they run."
    >
      <Stack gap={48}>
        <Text c="gray.8">
          Many of our clients have obligations in both countries: a salary in the US and a flat, a deposit or
          a family business in India. Handling both sides in one place means your Indian filings and your US
          returns tell the same story, and relief under the tax treaty is claimed where it belongs.
        </Text>

        {INDIAN_SERVICE_GROUPS.map((group) => (
          <ServiceSection key={group.id} group={group} />
        ))}

        <CallToAction
          title="Discuss your Indian tax matters"
          primary={{ label: 'Contact us', to: paths.contactUs.getHref() }}
          secondary={{ label: 'US tax services', to: paths.usTaxServices.getHref() }}
        >
          Whether you need a return filed, a company set up or an audit planned, tell us what you have in mind
          and we will explain the steps, the documents involved and the dates that apply.
        </CallToAction>
      </Stack>
    </ContentPage>
  );
}
