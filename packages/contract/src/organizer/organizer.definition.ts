/**
 * The year's organizer as data (issue 37): sections of questions, each with its type, a plain-words help and
 * an optional condition on an earlier answer. The same definition validates answers on the server
 * (`organizer.answers.ts`) and renders them in the portal. The firm's changes (sections or questions turned
 * off, its own questions) are applied to the built-in definition and kept as a numbered version, so answers
 * given against an older version still read with the words they were given to.
 */

/** Currencies a foreign amount may be given in; the rates table holds a year-end rate for each. */
export const ORGANIZER_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'SGD', 'AED'] as const;
export type OrganizerCurrency = (typeof ORGANIZER_CURRENCIES)[number];

export type Choice = { value: string; label: string };

/** Shown only when an earlier answer (in a group row: a field of the same row) is one of `equals`. */
export type Condition = { question: string; equals: readonly (string | boolean)[] };

type QuestionBase = {
  id: string;
  label: string;
  /** Plain words under the question. */
  help?: string;
  /** Must be answered before the organizer is sent (while it shows). */
  required?: boolean;
  showIf?: Condition;
  /** Turned off by the firm: not shown, not asked, its answer not kept. */
  off?: boolean;
  /** Added by the firm. */
  firm?: boolean;
  /** Last year's answer is offered to confirm or change ("Same as last year?"). */
  carry?: boolean;
};

export type FieldQuestion = QuestionBase &
  (
    | { type: 'yesno' }
    | { type: 'choice'; choices: readonly Choice[] }
    | { type: 'number'; min: number; max: number }
    | { type: 'money'; currency: 'USD' | 'any' }
    | { type: 'date' }
    | { type: 'text'; max: number; long?: boolean; identity?: 'pan' }
  );

/** A repeating group ("each account"): rows of the same fields. */
export type GroupQuestion = QuestionBase & {
  type: 'group';
  /** What one row is called ("Account"). */
  itemLabel: string;
  max: number;
  fields: readonly FieldQuestion[];
};

export type Question = FieldQuestion | GroupQuestion;
export type QuestionType = Question['type'];

export type Section = {
  id: string;
  title: string;
  intro?: string;
  off?: boolean;
  questions: readonly Question[];
};

export type OrganizerDefinition = {
  taxYear: number;
  /** 0 is the built-in definition; each save of the firm's changes makes the next. */
  version: number;
  sections: readonly Section[];
};

const yesno = (id: string, label: string, extra: Partial<QuestionBase> = {}): FieldQuestion => ({
  id,
  label,
  type: 'yesno',
  required: true,
  ...extra,
});

const when = (question: string, ...equals: (string | boolean)[]): Condition => ({ question, equals });

export const VISA_CHOICES: readonly Choice[] = [
  { value: 'citizen', label: 'US citizen' },
  { value: 'green-card', label: 'Green card (permanent resident)' },
  { value: 'h1b', label: 'H-1B' },
  { value: 'h4', label: 'H-4' },
  { value: 'l1', label: 'L-1' },
  { value: 'l2', label: 'L-2' },
  { value: 'f1', label: 'F-1 student' },
  { value: 'j1', label: 'J-1 exchange visitor' },
  { value: 'o1', label: 'O-1' },
  { value: 'other', label: 'Another visa' },
];

/** Visas whose holders are "exempt individuals" for the Substantial Presence Test (IRS Publication 519). */
export const SPT_EXEMPT_VISAS: readonly string[] = ['f1', 'j1'];
/** Residents whatever their days: citizens (US persons) and green-card holders (the green card test). */
export const RESIDENT_BY_STATUS: readonly string[] = ['citizen', 'green-card'];

export const FILING_STATUS_CHOICES: readonly Choice[] = [
  { value: 'single', label: 'Single' },
  { value: 'mfj', label: 'Married filing jointly' },
  { value: 'mfs', label: 'Married filing separately' },
  { value: 'hoh', label: 'Head of household' },
];

export const ACCOUNT_TYPES: readonly Choice[] = [
  { value: 'nre', label: 'NRE savings' },
  { value: 'nro', label: 'NRO savings' },
  { value: 'fcnr', label: 'FCNR deposit' },
  { value: 'fd', label: 'Fixed deposit (FD)' },
  { value: 'ppf', label: 'PPF' },
  { value: 'epf', label: 'EPF' },
  { value: 'demat', label: 'Demat or brokerage' },
  { value: 'savings', label: 'Other savings or current account' },
  { value: 'other', label: 'Other' },
];

export const INDIA_INCOME_TYPES: readonly Choice[] = [
  { value: 'salary', label: 'Salary' },
  { value: 'interest', label: 'Interest' },
  { value: 'rent', label: 'Rent' },
  { value: 'capital-gains', label: 'Capital gains' },
  { value: 'dividends', label: 'Dividends' },
  { value: 'other', label: 'Other' },
];

const money = (id: string, label: string, extra: Partial<QuestionBase> = {}): FieldQuestion => ({
  id,
  label,
  type: 'money',
  currency: 'any',
  ...extra,
});

/** The built-in organizer for a tax year (the same questions every year the portal serves). */
export function builtInOrganizer(taxYear: number): OrganizerDefinition {
  const y = taxYear;
  return {
    taxYear: y,
    version: 0,
    sections: [
      {
        id: 'changes',
        title: 'What changed this year',
        intro: `Tell us what happened in ${y}. Each answer decides which documents we ask for.`,
        questions: [
          yesno('married', `Did you get married in ${y}?`),
          yesno('divorced', `Did you divorce or separate in ${y}?`),
          yesno('baby', `Did you have or adopt a child in ${y}?`),
          yesno('moved', `Did you move to another home in ${y}?`),
          {
            id: 'moved_on',
            label: 'When did you move?',
            type: 'date',
            showIf: when('moved', true),
          },
          yesno('new_job', `Did you start a new job in ${y}?`),
          yesno('home_bought', `Did you buy a home in ${y}?`),
          yesno('home_sold', `Did you sell a home in ${y}?`),
          yesno('business_started', `Did you start a business or freelance work in ${y}?`),
        ],
      },
      {
        id: 'income',
        title: 'Income',
        questions: [
          {
            id: 'jobs',
            label: `Who did you work for in ${y}?`,
            help: 'Each employer sends a W-2 by the end of January.',
            type: 'group',
            itemLabel: 'Employer',
            max: 10,
            carry: true,
            fields: [
              { id: 'employer', label: 'Employer', type: 'text', max: 100, required: true },
              { id: 'state', label: 'State you worked in', type: 'text', max: 40 },
            ],
          },
          yesno('interest', 'Did you earn interest from a US bank?', {
            help: 'The bank sends a 1099-INT when the interest was $10 or more.',
          }),
          yesno('stock_sold', `Did you sell stock, funds or crypto in ${y}?`, {
            help: 'Your broker sends a 1099-B. Restricted stock units sold by your employer count too.',
          }),
          yesno('k1', 'Did you receive a K-1 from a partnership, S corporation or trust?'),
          yesno('retirement', 'Did you take money out of a 401(k) or IRA?'),
          {
            ...money('business_income', 'About how much did the business take in?'),
            showIf: when('business_started', true),
          },
        ],
      },
      {
        id: 'deductions',
        title: 'Deductions and credits',
        questions: [
          yesno('mortgage', 'Did you pay mortgage interest on a US home?', {
            help: 'Your lender sends Form 1098.',
          }),
          yesno('tuition', 'Did you or a dependent pay college tuition?', {
            help: 'The college sends Form 1098-T.',
          }),
          yesno('childcare', 'Did you pay for childcare so you could work?'),
          { ...money('childcare_cost', 'How much did childcare cost?'), showIf: when('childcare', true) },
          yesno('charity', 'Did you give to charity?'),
          { ...money('charity_amount', 'About how much in total?'), showIf: when('charity', true) },
          yesno('hsa', 'Did you have a health savings account (HSA)?'),
        ],
      },
      {
        id: 'health',
        title: 'Health coverage',
        questions: [
          {
            id: 'coverage',
            label: `How were you covered in ${y}?`,
            type: 'choice',
            required: true,
            choices: [
              { value: 'employer', label: 'Through an employer' },
              { value: 'marketplace', label: 'Healthcare.gov or a state marketplace' },
              { value: 'government', label: 'Medicare or Medicaid' },
              { value: 'none', label: 'No coverage for part of the year' },
            ],
            help: 'A marketplace plan sends Form 1095-A, which we need to file.',
          },
        ],
      },
      {
        id: 'residency',
        title: 'Where you lived',
        intro: 'Your visa and your days in the US decide whether you file as a resident.',
        questions: [
          {
            id: 'filing_status',
            label: 'How do you expect to file?',
            type: 'choice',
            required: true,
            choices: FILING_STATUS_CHOICES,
            help: 'Not sure? Choose the closest one: we confirm it with you.',
          },
          {
            id: 'visa',
            label: `Your status in the US at the end of ${y}`,
            type: 'choice',
            required: true,
            carry: true,
            choices: VISA_CHOICES,
          },
          {
            id: 'arrival_on',
            label: 'When did you first arrive in the US on this visa?',
            type: 'date',
            carry: true,
            showIf: when('visa', 'h1b', 'h4', 'l1', 'l2', 'f1', 'j1', 'o1', 'other'),
          },
          ...[0, 1, 2].map((back): FieldQuestion => ({
            id: ['days_us', 'days_us_prior', 'days_us_prior2'][back] ?? 'days_us',
            label: `Days you were in the US in ${y - back}`,
            type: 'number',
            min: 0,
            max: 366,
            required: true,
            help: 'Count any part of a day as a full day. Days only changing planes do not count.',
            showIf: when('visa', 'h1b', 'h4', 'l1', 'l2', 'f1', 'j1', 'o1', 'other'),
          })),
          yesno('lived_abroad', `Did you live outside the US for at least 330 full days in ${y}?`, {
            help: 'This raises the amounts at which foreign assets must be reported on Form 8938.',
          }),
        ],
      },
      {
        id: 'foreign',
        title: 'India and other countries',
        intro:
          'Accounts and funds outside the US must be reported each year, even when they earn nothing. ' +
          'Give amounts in the account’s own currency: we convert them at the Treasury’s year-end rate.',
        questions: [
          yesno(
            'has_accounts',
            'Did you hold or sign on any bank, deposit or investment account outside the US?',
            {
              carry: true,
              help: 'Include NRE, NRO, FCNR, fixed deposits, PPF, EPF, demat, and accounts held jointly with parents.',
            },
          ),
          {
            id: 'accounts',
            label: 'Each account outside the US',
            type: 'group',
            itemLabel: 'Account',
            max: 30,
            carry: true,
            showIf: when('has_accounts', true),
            fields: [
              { id: 'bank', label: 'Bank or institution', type: 'text', max: 100, required: true },
              {
                id: 'country',
                label: 'Country',
                type: 'choice',
                required: true,
                choices: [
                  { value: 'IN', label: 'India' },
                  { value: 'other', label: 'Another country' },
                ],
              },
              { id: 'type', label: 'Account type', type: 'choice', required: true, choices: ACCOUNT_TYPES },
              yesno('joint', 'Held jointly with someone?'),
              {
                id: 'joint_holder',
                label: 'Joint holder’s name',
                type: 'text',
                max: 100,
                showIf: when('joint', true),
              },
              money('max_value', `Highest balance at any time in ${y}`, {
                required: true,
                help: 'The highest amount the account held on any one day, in its own currency.',
              }),
              money('year_end_value', `Balance on 31 December ${y}`, { required: true }),
            ],
          },
          yesno('has_funds', 'Did you hold Indian mutual funds (or other funds bought outside the US)?', {
            carry: true,
            help: 'Each such fund is a PFIC for US tax and is reported on its own Form 8621.',
          }),
          {
            id: 'funds',
            label: 'Each mutual fund',
            type: 'group',
            itemLabel: 'Fund',
            max: 40,
            carry: true,
            showIf: when('has_funds', true),
            fields: [
              { id: 'house', label: 'Fund house', type: 'text', max: 100, required: true },
              { id: 'folio', label: 'Folio number', type: 'text', max: 40, required: true },
              { id: 'scheme', label: 'Scheme name', type: 'text', max: 150, required: true },
              money('year_end_value', `Value on 31 December ${y}`, { required: true }),
            ],
          },
          yesno('has_property', 'Do you own property in India?', { carry: true }),
          {
            id: 'properties',
            label: 'Each property',
            type: 'group',
            itemLabel: 'Property',
            max: 10,
            carry: true,
            showIf: when('has_property', true),
            fields: [
              { id: 'city', label: 'City', type: 'text', max: 60, required: true },
              yesno('rented', `Rented out in ${y}?`),
              money('rent', 'Rent received in the year', { showIf: when('rented', true) }),
              yesno('sold', `Sold in ${y}?`),
              money('sale_price', 'Sale price', { showIf: when('sold', true) }),
            ],
          },
          yesno('has_india_income', `Did you earn income in India in ${y}?`, {
            help: 'Salary, interest, rent, capital gains or dividends. India’s year runs April to March, so give January–March and April–December apart.',
          }),
          {
            id: 'india_income',
            label: 'Income in India, by type',
            type: 'group',
            itemLabel: 'Income',
            max: 12,
            showIf: when('has_india_income', true),
            fields: [
              { id: 'kind', label: 'Type', type: 'choice', required: true, choices: INDIA_INCOME_TYPES },
              money('jan_mar', `Earned January–March ${y}`, { required: true }),
              money('tds_jan_mar', 'Tax deducted (TDS), January–March'),
              money('apr_dec', `Earned April–December ${y}`, { required: true }),
              money('tds_apr_dec', 'Tax deducted (TDS), April–December'),
            ],
          },
          {
            id: 'pan',
            label: 'Your PAN',
            type: 'text',
            max: 10,
            identity: 'pan',
            carry: true,
            help: 'Ten characters, as on the card (ABCDE1234F). Kept sealed, like your SSN.',
          },
          {
            id: 'pan_status',
            label: 'Is your PAN linked to Aadhaar (operative)?',
            type: 'choice',
            carry: true,
            choices: [
              { value: 'operative', label: 'Yes, it is operative' },
              { value: 'inoperative', label: 'No, it is inoperative' },
              { value: 'unknown', label: 'I do not know' },
              { value: 'none', label: 'I have no PAN' },
            ],
            help: 'An inoperative PAN stops refunds and raises the tax deducted on NRO interest.',
          },
          yesno('india_return', 'Would you like us to file your Indian income-tax return (ITR)?'),
        ],
      },
    ],
  };
}

/** Limits of the firm's changes. */
export const FIRM_QUESTION_LIMIT = 30;
export const FIRM_QUESTION_TYPES = ['yesno', 'choice', 'number', 'money', 'date', 'text'] as const;
export type FirmQuestionType = (typeof FIRM_QUESTION_TYPES)[number];

/** The firm's changes to the built-in organizer, as admins save them. */
export type FirmChanges = {
  /** Section ids and question ids (`section.question`) turned off. */
  off: readonly string[];
  questions: readonly {
    sectionId: string;
    id: string;
    type: FirmQuestionType;
    label: string;
    help?: string | undefined;
    required: boolean;
    choices?: readonly string[] | undefined;
  }[];
};

/** The prefix of the firm's own question ids, so they never meet a built-in one. */
export const FIRM_QUESTION_PREFIX = 'firm_';

/** The built-in definition with the firm's changes, as version `version`. */
export function applyFirmChanges(
  base: OrganizerDefinition,
  changes: FirmChanges,
  version: number,
): OrganizerDefinition {
  const off = new Set(changes.off);
  return {
    taxYear: base.taxYear,
    version,
    sections: base.sections.map((section) => {
      const added = changes.questions
        .filter((q) => q.sectionId === section.id)
        .map((q): FieldQuestion => {
          const common = {
            id: q.id,
            label: q.label,
            required: q.required,
            firm: true,
            ...(q.help ? { help: q.help } : {}),
          };
          switch (q.type) {
            case 'choice':
              return {
                ...common,
                type: 'choice',
                choices: (q.choices ?? []).map((label, index) => ({ value: `c${index + 1}`, label })),
              };
            case 'number':
              return { ...common, type: 'number', min: 0, max: 1_000_000 };
            case 'money':
              return { ...common, type: 'money', currency: 'any' };
            case 'text':
              return { ...common, type: 'text', max: 500, long: true };
            default:
              return { ...common, type: q.type };
          }
        });
      return {
        ...section,
        ...(off.has(section.id) ? { off: true } : {}),
        questions: [
          ...section.questions.map((q) => (off.has(`${section.id}.${q.id}`) ? { ...q, off: true } : q)),
          ...added,
        ],
      };
    }),
  };
}

/** Every question of the definition with its section, in order (groups as one question). */
export function questionsOf(definition: OrganizerDefinition): { section: Section; question: Question }[] {
  return definition.sections.flatMap((section) =>
    section.questions.map((question) => ({ section, question })),
  );
}
