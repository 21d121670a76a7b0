import type { TaxServiceGroup } from './service-types.ts';

/** The Indian services page: advice and registrations, setting up a business, and audits. */
export const INDIAN_SERVICE_GROUPS = [
  {
    id: 'india-tax-advice',
    title: 'Tax advice and registrations',
    summary:
      'Income tax advice and returns for residents, non-resident Indians and businesses, and the PAN and TAN registrations that go with them.',
    services: [
      {
        id: 'india-tax-advisory',
        title: 'Advisory on taxation',
        subtitle: 'Income tax planning, advice and returns in India',
        description:
          'We advise individuals, non-resident Indians, firms and companies on residential status, rental income and capital gains in India, tax deducted at source, and relief under the India-US tax treaty so the same income is not taxed twice. We also prepare and file your income tax return; where no audit is required, the return is generally due 31 July.',
      },
      {
        id: 'india-pan-tan',
        title: 'PAN and TAN',
        subtitle: 'Permanent Account Number and Tax Deduction and Collection Account Number',
        description:
          'A PAN is needed to file an income tax return in India and for many financial transactions, including by non-resident Indians with Indian income or investments. Businesses and others required to deduct or collect tax at source generally need a TAN, and failing to apply for one can attract a penalty of Rs 10,000. We prepare new applications and corrections for both.',
      },
    ],
  },
  {
    id: 'india-business-setup',
    title: 'Setting up a business',
    summary:
      'Company incorporation and partnership firm formation, from choosing the structure to the first registrations.',
    services: [
      {
        id: 'india-incorporation',
        title: 'Incorporation',
        subtitle: 'Private limited companies, one person companies and LLPs',
        description:
          'We help you choose between a private limited company, a one person company and a limited liability partnership, then reserve the name, prepare the incorporation documents and file them with the Ministry of Corporate Affairs. We also arrange the new entity’s PAN, TAN and GST registration as required.',
      },
      {
        id: 'india-partnership-firm',
        title: 'Partnership firm formation',
        subtitle: 'Partnership deed, registration and PAN',
        description:
          'We draft the partnership deed with you, covering capital, profit-sharing ratios, partners’ remuneration and interest on capital, so that it also works for income tax. We then see to stamping, registration with the Registrar of Firms if you choose to register, and the firm’s PAN.',
      },
    ],
  },
  {
    id: 'india-audits',
    title: 'Audits',
    summary:
      'Statutory audits of companies and tax audits of businesses and professionals, with the books and reports they require.',
    services: [
      {
        id: 'india-statutory-audit',
        title: 'Statutory audit',
        subtitle: 'Annual audit under the Companies Act, 2013',
        description:
          'Every company registered in India must have its annual financial statements audited, whatever its size. We prepare the books, schedules and reconciliations the audit needs and take it through to the signed report and the annual filings with the Registrar of Companies.',
      },
      {
        id: 'india-tax-audit',
        title: 'Tax audit',
        subtitle: 'Audit of accounts under section 44AB of the Income-tax Act',
        description:
          'A tax audit is required when business turnover exceeds Rs 1 crore (Rs 10 crore when cash transactions are no more than 5%) or professional receipts exceed the year’s limit: Rs 25 lakh in earlier years, Rs 50 lakh today and higher when receipts are almost all digital. We confirm which limit applies to you. The audit report is due by 30 September unless the government extends the date. We prepare the accounts and reconciliations the auditor reviews and file the report and your return.',
      },
    ],
  },
] as const satisfies readonly TaxServiceGroup[];
