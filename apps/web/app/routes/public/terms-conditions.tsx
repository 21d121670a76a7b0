import { ContentPage } from '../../components/layouts/content-page.tsx';
import { paths } from '../../config/paths.ts';
import { LegalPageBody } from '../../features/legal/components/legal-page-body.tsx';
import { legalContact } from '../../features/legal/legal-document.ts';
import { termsSections } from '../../features/legal/terms-conditions.ts';
import { publicMeta, usePublicLayoutData } from '../../lib/seo.ts';
import type { Route } from './+types/terms-conditions';
import { ISLANDS_PAGE, loadAsDocument } from '../../lib/islands.ts';

/** A content page served without React (ADR 021). */
export const handle = ISLANDS_PAGE;
export const loader = () => null;
export const clientLoader = loadAsDocument;

export function meta({ matches }: Route.MetaArgs) {
  return publicMeta(matches, {
    title: 'Terms and Conditions',
    description:
      'The terms for using our website and client portal: your account, the information you provide, fees and payment, limits of liability and Texas governing law.',
    path: paths.termsConditions.getHref(),
  });
}

export default function TermsConditions() {
  const contact = legalContact(usePublicLayoutData().settings);
  return (
    <ContentPage
      title="Terms and Conditions"
      lead="The ground rules for using this website and the client portal, written in plain English."
    >
      <LegalPageBody
        sections={termsSections(contact.firmName)}
        contact={contact}
        contactIntro="Questions about these terms? Write to us or send an e-mail:"
        related={[
          { label: 'Privacy Policy', href: paths.privacyPolicy.getHref() },
          { label: 'Disclaimer and Consent', href: paths.disclaimer.getHref() },
        ]}
      />
    </ContentPage>
  );
}
