import { p, ul, type LegalSection } from './legal-document.ts';

/** The privacy policy, in the firm's own words. */
export function privacyPolicySections(firmName: string): LegalSection[] {
  return [
    {
      id: 'about',
      heading: 'About this policy',
      blocks: [
        p(
          `${firmName} (“we”, “us”) prepares tax returns and provides accounting services for individuals and businesses in the United States and India. This policy explains what personal information we collect through this website, our client portal, e-mail and phone, why we need it, how we protect it, and the choices you have.`,
        ),
        p(
          'Tax return information has extra protection under US federal law (section 7216 of the Internal Revenue Code). We use and disclose it only to prepare and file your returns, as that law allows, or with your written consent. The consent we ask for is set out on our Disclaimer page.',
        ),
      ],
    },
    {
      id: 'collect',
      heading: 'Information we collect',
      blocks: [
        p(
          'We collect only what we need for the work you ask us to do. Depending on your services, this includes:',
        ),
        ul(
          'Contact and account details: your name, e-mail address, phone numbers, mailing address and portal password, which we store only in a one-way, non-reversible form.',
          'Identity and tax identification: dates of birth and Social Security numbers (SSNs) or Individual Taxpayer Identification Numbers (ITINs) for you, your spouse and your dependents; Indian PAN details when an Indian filing needs them; and copies of identity documents for ITIN applications.',
          'Income and tax documents: Forms W-2, 1099, 1098, 1098-T, 5498 and K-1, Indian Form 16 and Form 26AS, prior-year returns, letters from tax authorities, and statements for bank, brokerage and retirement accounts in the United States, India or elsewhere.',
          'Household and work details: filing status, dependents, health insurance coverage, and employer or project information.',
          'Bank details: the routing and account numbers you give us so that a refund can be deposited or a balance due can be paid.',
          'Payment information: when you pay our fee by card, your card details go directly to our payment provider. We receive confirmation of the payment and never see or store your full card number.',
          'Referral details: the name, e-mail address and phone number of a friend you refer, which we use only to contact that person about your referral.',
          'Technical information: the IP address, browser type, and times of sign-in and document access that our systems record for security.',
        ),
      ],
    },
    {
      id: 'use',
      heading: 'How we use your information',
      blocks: [
        ul(
          'To prepare, review and file your federal, state and Indian tax returns and related forms.',
          'To answer notices and letters from tax authorities, and to represent you when you ask us to.',
          'To confirm your identity and keep your account secure.',
          'To contact you about your documents, returns, payments and deadlines.',
          'To process payments and keep the business and tax records we are required to keep.',
          'To meet our legal and professional obligations.',
        ),
        p('We do not use your tax information for advertising, and we do not build marketing profiles.'),
      ],
    },
    {
      id: 'protect',
      heading: 'How we protect your information',
      blocks: [
        ul(
          'Encryption in transit: every page of this website and the client portal is served over HTTPS (TLS), so information travelling between your device and our systems is encrypted.',
          'Encryption at rest: uploaded documents, returns and our databases are stored encrypted, and so are our backups.',
          'Access on a need-to-know basis: only the preparers and reviewers working on your file, and a small number of administrators, can open your documents. Staff accounts are protected by strong passwords and multi-factor authentication.',
          'Audit of access: our systems record who viewed, downloaded or changed a client document, and when. We review these records regularly and investigate anything unusual.',
          'People and procedures: every team member signs a confidentiality agreement and completes security training each year, and we follow a written information security program, as US law requires of tax professionals.',
          'Secure disposal: when records reach the end of their retention period, we delete electronic copies and shred paper.',
        ),
        p(
          'Please do not send SSNs, tax documents or bank details by ordinary e-mail; upload them through the client portal instead. We will never ask for your passwords.',
        ),
        p(
          'If we learn of a security breach that affects your information, we will tell you, and the authorities, as the law requires.',
        ),
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        p(
          'We keep copies of your returns and the documents behind them for seven years after the return is filed. That covers the period in which tax authorities can usually examine a return, and it is longer than the three years federal law requires return preparers to keep them.',
        ),
        p(
          'Account details are kept while your portal account is open and for the same seven years afterwards. Security logs are kept for up to two years. If the law or an open examination requires us to keep something longer, we keep it only for that purpose. When a retention period ends, we delete or destroy the information securely.',
        ),
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      blocks: [
        ul(
          'Tax authorities: the Internal Revenue Service, state and local tax agencies, and the Income Tax Department of India, as needed to file your returns, apply for an ITIN, or respond to notices for you.',
          'Our team in India: preparers at our processing center in India may prepare or review your return. This happens only with your consent, described on our Disclaimer page, and under the same security rules as our US office.',
          'Service providers under contract: companies that host our systems, transmit electronic returns, process card payments and deliver e-mail. They may use your information only to provide their service to us, and our contracts require them to protect it.',
          'When the law requires it: for example, to comply with a court order or subpoena.',
          'Anyone else you ask us to: such as your mortgage lender, immigration attorney or financial adviser, with your written consent.',
        ),
        p(
          'We never sell your personal information, and we never share it with anyone for their own marketing.',
        ),
      ],
    },
    {
      id: 'choices',
      heading: 'Your choices and rights',
      blocks: [
        ul(
          'See your information: ask us for a copy of what we hold about you, or download your documents and tax summaries from the portal.',
          'Correct it: update your profile in the portal, or tell us if something is wrong.',
          'Delete it: ask us to delete your information. We will, unless the law requires us to keep it, in which case we will tell you what we must keep and why.',
          'Withdraw consent: you can withdraw a consent to use or disclose your tax return information at any time. Withdrawal applies from then on and does not undo disclosures already made.',
          'Choose what we send: messages about your return are part of our work, but you can opt out of newsletters and other non-essential e-mails at any time.',
          'Close your account: ask us to close your portal account.',
        ),
        p(
          'Residents of some states have additional rights under state privacy laws. We honor those rights, answer requests within 30 days, and will not treat you differently for using them. To protect you, we confirm your identity before acting on a request.',
        ),
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        p('We use only the cookies and browser storage this site needs to work and to stay secure:'),
        ul(
          'a session cookie, or similar browser storage, that keeps you signed in to the client portal until you log out or after 20 minutes without activity; and',
          'a security cookie that protects our forms against cross-site request forgery.',
        ),
        p(
          'We do not use advertising cookies, analytics trackers or third-party tracking pixels, and nothing on this site follows you to other websites. Because these cookies are essential, we do not ask for cookie consent. You can block them in your browser, but the client portal will not work without them.',
        ),
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        p(
          'This website is meant for adults. We hold information about children only when a parent or guardian gives it to us for a tax return, for example to claim a dependent.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        p(
          'If we change this policy, we will post the new version on this page with a new effective date. If a change materially affects how we use information we already hold, we will tell you by e-mail before it takes effect.',
        ),
      ],
    },
  ];
}
