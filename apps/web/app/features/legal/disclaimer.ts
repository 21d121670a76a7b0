import { p, ul, type LegalSection } from './legal-document.ts';

/**
 * The disclaimer and the consent text clients accept: consent to disclose tax return information (including to
 * preparers outside the United States), the security statement, information sharing and e-mail contact.
 * The consent follows the content the IRS requires of a section 7216 consent (Treas. Reg. § 301.7216-3).
 */
export function disclaimerSections(firmName: string): LegalSection[] {
  return [
    {
      id: 'general',
      heading: 'General disclaimer',
      blocks: [
        p(
          `The information on this website is published by ${firmName} for general information only. It is not tax, legal, accounting or investment advice, and it may not reflect recent changes in the law or the facts of your situation. Please do not act on it without advice from a qualified professional who has reviewed your circumstances.`,
        ),
        p(
          'Using this website does not create a client relationship with us; that begins only when we both sign an engagement letter. Links to government and other websites are provided for convenience, and we are not responsible for their content. Client reviews describe individual experiences and are not a promise of any particular outcome or refund.',
        ),
      ],
    },
    {
      id: 'consent',
      heading: 'Consent to disclose tax return information',
      blocks: [
        p(
          'Federal law requires this consent to be provided to you. Unless authorized by law, we cannot disclose your tax return information to third parties for purposes other than the preparation and filing of your tax return without your consent.',
        ),
        p(
          `When you sign or electronically accept this consent, you authorize ${firmName} to disclose your tax return information, including your Social Security number and the other personal information on your return, to tax return preparers on our own team who may be located outside the United States, at our processing center in India, so that they can help prepare and review your return. This consent is requested under Treas. Reg. § 301.7216-3.`,
        ),
        p(
          'This consent to disclose may result in your tax return information being disclosed to a tax return preparer located outside the United States, including your personally identifiable information such as your Social Security number (SSN). Both our office in the United States, which will disclose your SSN, and our team located outside the United States, which will receive it, maintain adequate data protection safeguards, as required by the regulations under 26 U.S.C. § 7216, to protect privacy and prevent unauthorized access to tax return information.',
        ),
        p(
          'If you consent to the disclosure of your tax return information, federal agencies may not be able to enforce United States laws that protect the privacy of your tax return information against a tax return preparer located outside the United States to which the information is disclosed, and federal law may not protect your tax return information from further use or distribution.',
        ),
        ul(
          'You are not required to give this consent to use our tax preparation services. If you do not consent, we will still prepare your return, without disclosing your information outside the United States.',
          'If we obtained your consent by making our tax preparation services conditional on it, your consent would not be valid.',
          'Your consent is valid for the period you specify. If you do not specify one, it is valid for one year from the date you sign or accept it.',
          'You may withdraw your consent at any time by writing to us at the address below. Withdrawal applies from then on.',
        ),
        p(
          'If you believe your tax return information has been disclosed or used improperly in a manner unauthorized by law or without your permission, you may contact the Treasury Inspector General for Tax Administration (TIGTA) by telephone at 1-800-366-4484, or by e-mail at complaints@tigta.treas.gov.',
        ),
      ],
    },
    {
      id: 'security',
      heading: 'Security statement',
      blocks: [
        p(
          'We protect your information with administrative, technical and physical safeguards that meet the requirements US law sets for tax professionals:',
        ),
        ul(
          'every connection to this website and the client portal is encrypted with HTTPS (TLS);',
          'documents and returns are encrypted when stored, including in backups;',
          'only the preparers and reviewers assigned to your file can open it, and every access is recorded and reviewed;',
          'our team members in the United States and India sign confidentiality agreements, are trained every year, and work under one written information security program; and',
          'we never ask for your SSN, bank details or passwords by ordinary e-mail, by text message, or in a phone call you did not expect.',
        ),
        p(
          'No system is perfectly secure. If we discover a breach that affects your information, we will notify you, and the authorities, as the law requires.',
        ),
      ],
    },
    {
      id: 'sharing',
      heading: 'Information sharing',
      blocks: [
        p(
          'We share your information only as needed for the work you engage us to do: with the IRS, state tax agencies and the Income Tax Department of India when we file returns or respond to notices; with our team in India under the consent above; with service providers who are bound by contract to protect it; and when the law requires. We never sell your information. Our Privacy Policy explains the details.',
        ),
      ],
    },
    {
      id: 'email',
      heading: 'Consent to contact by e-mail',
      blocks: [
        p(
          'By giving us your e-mail address when you register, contact us or engage our services, you agree that we may contact you by e-mail about your account, documents, returns, payments, deadlines and notices from tax authorities, and occasionally about services we think are relevant to you.',
        ),
        p(
          'E-mail is convenient but not fully secure. We exchange tax documents only through the client portal and never put your full SSN or bank details in an e-mail; please do the same.',
        ),
        p(
          'You can withdraw this consent, or opt out of non-essential e-mails, at any time by writing to us. We will then contact you about your return by phone or through the portal instead.',
        ),
      ],
    },
  ];
}
