import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { LegalPageBody } from '../../features/legal/components/legal-page-body.tsx';
import { legalContact } from '../../features/legal/legal-document.ts';
import { privacyPolicySections } from '../../features/legal/privacy-policy.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import type { Route } from './+types/privacy-policy';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Privacy Policy',
    description:
      'How we collect, use, protect, keep and share the personal and tax information you trust us with, including SSNs, W-2s and bank details, and your choices.',
    path: paths.privacyPolicy.getHref(),
  });
}

export default function PrivacyPolicy() {
  const contact = legalContact(usePublicLayoutData().settings);
  return (
    <ContentPage
      title="Privacy Policy"
      lead="Your tax documents hold some of your most sensitive information. This policy explains what we collect, why, and how we keep it safe."
    >
      <LegalPageBody
        sections={privacyPolicySections(contact.firmName)}
        contact={contact}
        contactIntro="For questions about this policy, or to make a request about your information, write to us or e-mail our privacy contact:"
        related={[
          { label: 'Terms and Conditions', href: paths.termsConditions.getHref() },
          { label: 'Disclaimer and Consent', href: paths.disclaimer.getHref() },
        ]}
      />
    </ContentPage>
  );
}
