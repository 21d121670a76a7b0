import type { SiteSettings } from '@taxfirm/contract';
import { contactDetails } from './contact-details.ts';

/** schema.org AccountingService for search engines: the firm's name, phones, e-mail and offices from settings. */
export function accountingServiceJsonLd(settings: SiteSettings, siteUrl: string) {
  const c = contactDetails(settings);
  return {
    '@context': 'https://schema.org',
    '@type': 'AccountingService',
    name: c.firmName,
    url: new URL('/', siteUrl).href,
    ...(c.email ? { email: c.email } : {}),
    ...(c.usPhone ? { telephone: c.usPhone } : {}),
    areaServed: ['US', 'IN'],
    openingHours: `${c.officeDays}, ${c.officeTimings}`,
    ...(c.corporateOffice ? { address: { '@type': 'PostalAddress', streetAddress: c.corporateOffice } } : {}),
    contactPoint: [
      ...(c.usPhone
        ? [
            {
              '@type': 'ContactPoint',
              telephone: c.usPhone,
              contactType: 'customer service',
              areaServed: 'US',
            },
          ]
        : []),
      ...(c.indiaPhone
        ? [
            {
              '@type': 'ContactPoint',
              telephone: c.indiaPhone,
              contactType: 'customer service',
              areaServed: 'IN',
            },
          ]
        : []),
    ],
    ...(c.processingCenter
      ? {
          department: {
            '@type': 'AccountingService',
            name: `${c.firmName} processing center`,
            address: { '@type': 'PostalAddress', streetAddress: c.processingCenter },
          },
        }
      : {}),
  };
}

/** A JSON-LD data block. It is data, not script, so the CSP does not apply; "<" is escaped so it cannot close the tag. */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
