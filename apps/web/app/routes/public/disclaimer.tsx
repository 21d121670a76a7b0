import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { LegalPageBody } from '../../features/legal/components/legal-page-body.tsx';
import { disclaimerSections } from '../../features/legal/disclaimer.ts';
import { legalContact } from '../../features/legal/legal-document.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import type { Route } from './+types/disclaimer';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Disclaimer and Consent',
    description:
      'Our general disclaimer and the consents clients give: disclosure of tax return information, including to our team in India, security, sharing and e-mail.',
    path: paths.disclaimer.getHref(),
  });
}

export default function Disclaimer() {
  const contact = legalContact(usePublicLayoutData().settings);
  return (
    <ContentPage
      title="Disclaimer and Consent"
      lead="What the information on this site is and is not, and the consent we ask of clients before their return information is shared with our team."
    >
      <LegalPageBody
        sections={disclaimerSections(contact.firmName)}
        contact={contact}
        contactIntro="To withdraw a consent, limit e-mail contact, or ask about anything on this page, write to us or send an e-mail:"
        related={[
          { label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
          { label: 'Terms and Conditions', href: paths.termsConditions.getHref() },
        ]}
      />
    </ContentPage>
  );
}
