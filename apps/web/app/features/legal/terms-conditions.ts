import { p, ul, type LegalSection } from './legal-document.ts';

/** The terms of use of the website and the client portal. */
export function termsSections(firmName: string): LegalSection[] {
  return [
    {
      id: 'agreement',
      heading: 'Agreement to these terms',
      blocks: [
        p(
          `These terms apply when you use the website or the client portal of ${firmName} (“we”, “us”). By using either, or by creating an account, you agree to them. If you do not agree, please do not use the site.`,
        ),
        p(
          'Our tax preparation and accounting work is also covered by the engagement letter you sign with us. Where the engagement letter and these terms differ, the engagement letter applies.',
        ),
      ],
    },
    {
      id: 'account',
      heading: 'Your portal account',
      blocks: [
        ul(
          'You must be at least 18 years old and give accurate registration details, including an e-mail address you control. We send a link to that address to verify your account.',
          'Keep your password private and do not share your account. You are responsible for what is done through your account until you tell us it has been misused.',
          'Tell us straight away, using the contact details below, if you think someone else has used your account.',
          'For your security, you are signed out after 20 minutes without activity.',
          'We may suspend or close an account that is used to break these terms or the law, or to protect you or other clients. We will tell you why unless the law prevents us.',
        ),
      ],
    },
    {
      id: 'accuracy',
      heading: 'Accuracy of the information you give us',
      blocks: [
        p('A return can only be as accurate as the information behind it. You agree to:'),
        ul(
          'give us complete, true and timely information and documents, including all income from the United States, India and any other country;',
          'tell us about changes such as a move, a new job, a marriage or a new dependent;',
          'upload only documents that belong to you, your household or your business, in the formats and sizes the portal accepts; and',
          'review each return carefully before you approve it for filing.',
        ),
        p(
          'We rely on the information you give us and do not audit it. Taxes, interest and penalties that result from incomplete or inaccurate information you supplied remain your responsibility. Keep your original records: if a tax authority asks for them, you are the one who must produce them.',
        ),
      ],
    },
    {
      id: 'fees',
      heading: 'Fees and payment',
      blocks: [
        ul(
          'We tell you our fee, or how it will be worked out, before we start. It is confirmed in your engagement letter or invoice.',
          'Fees are charged in US dollars. Card payments made through the portal are handled by our payment provider, under its own terms.',
          'Payment is due when your return is ready to file, unless we have agreed otherwise in writing. We may wait to file until the fee is paid; if a deadline is close, we will tell you in good time.',
          'Promotional offers and referral rewards apply only as described in the offer and for the period it states, and cannot be combined unless the offer says so.',
          'If we make an error on a return we prepared, we correct it at no charge. Otherwise, fees for work already done are not refundable.',
          'Our fee does not include any tax, interest or penalty you owe to a tax authority.',
        ),
      ],
    },
    {
      id: 'no-advice',
      heading: 'The public site is information, not advice',
      blocks: [
        p(
          'The articles, checklists, due dates and tools on the public pages of this site explain tax topics in general terms. They are not tax, legal or accounting advice for your situation, and tax law changes often. Reading the site, or sending us a contact form or a referral, does not make you our client. We give advice only within an engagement, after reviewing your facts.',
        ),
        p('We are not a law firm. For legal questions, please consult a licensed attorney.'),
      ],
    },
    {
      id: 'use',
      heading: 'Acceptable use',
      blocks: [
        ul(
          'Do not use the site for anything unlawful or fraudulent, or to upload another person’s information without their permission.',
          'Do not try to get into accounts, data or systems that are not yours, test our security without our written permission, or interfere with the site.',
          'Do not upload viruses or other harmful files, or copy the site by automated means.',
        ),
      ],
    },
    {
      id: 'links',
      heading: 'Links to other websites',
      blocks: [
        p(
          'The Tax Center and other pages link to the websites of the IRS, state revenue departments and other organizations. We do not run those sites and are not responsible for their content, availability or privacy practices.',
        ),
      ],
    },
    {
      id: 'content',
      heading: 'Our content',
      blocks: [
        p(
          `The text, design and logos on this site belong to ${firmName} or to those who license them to us. You may print or save pages for your own use, but you may not republish them without our permission.`,
        ),
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      blocks: [
        p(
          'We work to keep this site accurate and available, but we provide it “as is” and cannot promise that it will always be available, error-free or free of harmful components.',
        ),
        p('As far as the law allows:'),
        ul(
          'we are not liable for indirect or consequential losses, such as lost profits or missed opportunities, that arise from using the site;',
          'we are not responsible for the actions or delays of tax authorities, including how long they take to process a return or issue a refund; and',
          'our total liability for any claim about our services is limited to the fees you paid us for the service the claim concerns.',
        ),
        p(
          'Nothing in these terms limits liability that the law does not allow to be limited, such as liability for fraud or gross negligence.',
        ),
      ],
    },
    {
      id: 'law',
      heading: 'Governing law',
      blocks: [
        p(
          'These terms are governed by the laws of the State of Texas, without regard to its conflict-of-law rules. Any dispute we cannot resolve together will be decided by the state or federal courts located in Dallas County, Texas, and you and we agree to their jurisdiction.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        p(
          'We may update these terms from time to time. A new version applies from the effective date shown on this page. If a change is significant, we will tell you by e-mail or in the portal before it takes effect. Using the site after that date means you accept the updated terms.',
        ),
      ],
    },
  ];
}
