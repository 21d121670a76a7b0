import type { TaxServiceGroup } from './service-types.ts';

/** The US services page, individual then business (the specification's list and content facts). */
export const US_SERVICE_GROUPS = [
  {
    id: 'individual-tax-services',
    title: 'Individual tax services',
    summary:
      'Federal returns and filings for US citizens, green card holders, visa holders and nonresidents, including anyone with income, accounts or family in India.',
    services: [
      {
        id: 'form-1040',
        title: 'Form 1040',
        subtitle: 'US individual income tax return',
        description:
          'Form 1040 is the annual federal return for US citizens and resident aliens, and it covers income earned anywhere in the world, including India. Form 1040 is due April 15. We prepare your return from the documents you upload, apply the deductions and credits you qualify for, and send you a tax summary to review before we e-file.',
      },
      {
        id: 'form-1040nr',
        title: 'Form 1040NR',
        subtitle: 'US nonresident alien income tax return',
        description:
          'Nonresident aliens with US-source income, such as US wages, rent from US property or business income, file Form 1040NR. We first confirm whether you are a resident or a nonresident for the year, then report the income the US can tax and claim any benefits you are entitled to under the US-India tax treaty.',
      },
      {
        id: 'form-1040x',
        title: 'Form 1040X',
        subtitle: 'Amended US individual income tax return',
        description:
          'If you find a mistake, a missing form or a deduction you did not claim after your return has been filed, Form 1040X corrects it. We review the original return, explain how the change affects your refund or balance due, and prepare the amendment.',
      },
      {
        id: 'form-w-7',
        title: 'Form W-7 and ITIN',
        subtitle: 'Application for an Individual Taxpayer Identification Number',
        description:
          'An ITIN is the tax number the IRS issues to people who must file or be listed on a US return but cannot get a Social Security number, such as a nonresident spouse or a dependent living abroad. We prepare Form W-7 together with the return it supports, and our certified agents review and certify your identity documents so that, in most cases, you keep your original passport instead of mailing it to the IRS.',
      },
      {
        id: 'form-w-4',
        title: 'Form W-4',
        subtitle: 'Employee’s withholding certificate',
        description:
          'Form W-4 tells your employer how much federal income tax to withhold from each paycheck. After a new job, a marriage, a child or a second income, we help you complete it so that what is withheld is closer to what you will actually owe.',
      },
      {
        id: 'form-8938',
        title: 'Foreign financial assets (Form 8938)',
        subtitle: 'Statement of specified foreign financial assets (FFA)',
        description:
          'If your foreign financial assets, such as Indian bank accounts, fixed deposits, mutual funds or shares, are above the reporting thresholds, you report them on Form 8938 with your income tax return. The thresholds depend on your filing status and on whether you live in the US or abroad; we check them for you and prepare the statement.',
      },
      {
        id: 'fbar',
        title: 'FBAR (FinCEN Form 114)',
        subtitle: 'Report of Foreign Bank and Financial Accounts',
        description:
          'A US person whose foreign accounts together exceed $10,000 at any time during the year must report them to the Treasury on an FBAR, filed separately from the tax return. The FBAR is due with the April individual return (April 15, or the next business day, such as April 16 in some years), with an automatic extension to October 15. We gather the year’s highest balances, convert them at the Treasury’s exchange rates and file the report electronically.',
      },
    ],
  },
  {
    id: 'business-tax-services',
    title: 'Business tax services',
    summary:
      'Federal income tax returns for corporations, partnerships and S corporations, prepared from your books with a review before filing.',
    services: [
      {
        id: 'form-1120',
        title: 'Corporate tax return (Form 1120)',
        subtitle: 'US corporation income tax return',
        description:
          'C corporations report their income, deductions and credits and pay federal income tax on Form 1120. We prepare the return from your year-end books, reconcile book income with taxable income, and point out planning opportunities for the year ahead.',
      },
      {
        id: 'form-1065',
        title: 'Partnership return (Form 1065)',
        subtitle: 'US return of partnership income',
        description:
          'Partnerships, and LLCs with two or more members taxed as partnerships, file Form 1065; the profit or loss passes through to the partners. We prepare the return and a Schedule K-1 for each partner, so every partner has what they need for their own return.',
      },
      {
        id: 'form-1120s',
        title: 'S corporation return (Form 1120S)',
        subtitle: 'US income tax return for an S corporation',
        description:
          'An S corporation files Form 1120S, and its income is generally taxed on the shareholders’ returns rather than at the corporate level. We prepare the return and each shareholder’s Schedule K-1, and check that owner salaries and distributions are reported correctly.',
      },
    ],
  },
] as const satisfies readonly TaxServiceGroup[];

/** Deductions the firm looks for on every individual return (the specification's content facts). */
export const US_DEDUCTIONS = [
  {
    title: 'Medical and dental expenses',
    text: 'If you itemize, you can deduct the part of your qualifying medical and dental expenses that is over 7.5% of your adjusted gross income (AGI).',
  },
  {
    title: 'Student loan interest',
    text: 'You can deduct up to $2,500 of interest paid on a qualified student loan, subject to income limits, whether or not you itemize.',
  },
  {
    title: 'IRA and HSA contributions',
    text: 'Contributions to a traditional IRA or a health savings account can lower your taxable income, within the yearly limits.',
  },
  {
    title: 'Home mortgage interest',
    text: 'If you itemize, interest on a loan for your main or second home is deductible, within the limits on qualifying debt.',
  },
] as const;
