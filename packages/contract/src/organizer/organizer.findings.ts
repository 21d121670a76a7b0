/**
 * What the answers mean for the return (issue 37; the sources are in ADR 030): the Substantial Presence
 * Test, whether an FBAR is required and Form 8938 likely, the PFIC funds (one Form 8621 each), the foreign tax
 * credit's inputs by calendar year, the documents to ask for and the deliverables to suggest. Pure functions of
 * the answers and the year-end rates, shared by the server (flags, worksheets) and the portal (the test,
 * explained to the client).
 */
import { hundredthsOf, isMoney, type Answers, type GroupRow, type Money } from './organizer.answers.ts';
import {
  ACCOUNT_TYPES,
  INDIA_INCOME_TYPES,
  RESIDENT_BY_STATUS,
  SPT_EXEMPT_VISAS,
} from './organizer.definition.ts';

// ---------------------------------------------------------------------------------------------------------
// The Substantial Presence Test (26 U.S.C. 7701(b)(3); IRS Publication 519)
// ---------------------------------------------------------------------------------------------------------

export type PresenceTest = {
  applies: boolean;
  /** The weighted total (all of this year, a third of last year, a sixth of the year before), unrounded. */
  weightedDays: number;
  meets: boolean;
  explanation: string;
};

/**
 * Present at least 31 days this year and at least 183 days counting all of this year's days, a third of last
 * year's and a sixth of the year before's. Fractions are kept (the statute gives no rounding): compared as
 * 6·this + 2·last + before ≥ 6·183. Citizens and green-card holders are residents whatever their days; F-1
 * and J-1 days do not count (exempt individuals).
 */
export function substantialPresence(answers: Answers, taxYear: number): PresenceTest {
  const visa = typeof answers.visa === 'string' ? answers.visa : null;
  if (visa === null) {
    return {
      applies: false,
      weightedDays: 0,
      meets: false,
      explanation: 'Your status in the US is not given yet.',
    };
  }
  if (RESIDENT_BY_STATUS.includes(visa)) {
    return {
      applies: false,
      weightedDays: 0,
      meets: false,
      explanation:
        visa === 'citizen'
          ? 'As a US citizen you file as a US person whatever your days.'
          : 'With a green card you are a resident for the whole year (the green card test).',
    };
  }
  if (SPT_EXEMPT_VISAS.includes(visa)) {
    return {
      applies: false,
      weightedDays: 0,
      meets: false,
      explanation:
        'Students on F-1 and exchange visitors on J-1 are usually “exempt individuals”: their days do not count ' +
        'in their first years here. Your preparer confirms how many years you have been exempt.',
    };
  }
  const days = [answers.days_us, answers.days_us_prior, answers.days_us_prior2].map((d) =>
    typeof d === 'number' ? d : 0,
  );
  const [now = 0, last = 0, before = 0] = days;
  const weightedDays = now + last / 3 + before / 6;
  const meets = now >= 31 && 6 * now + 2 * last + before >= 6 * 183;
  const shown = Math.round(weightedDays * 100) / 100;
  const explanation =
    now < 31
      ? `You were in the US ${now} days in ${taxYear}, fewer than 31: you do not meet the Substantial Presence Test.`
      : `${now} days in ${taxYear} + a third of ${last} days in ${taxYear - 1} + a sixth of ${before} days in ` +
        `${taxYear - 2} = ${shown} days: ${meets ? 'at least' : 'fewer than'} 183, so you ` +
        `${meets ? 'meet' : 'do not meet'} the Substantial Presence Test` +
        `${meets ? ' and file as a resident.' : '.'}`;
  return { applies: true, weightedDays, meets, explanation };
}

/**
 * A US person for FBAR and a specified individual for Form 8938: a citizen, a green-card holder, or SPT met.
 * Null (the preparer decides) while the status or a year's days are not given, and for F-1 and J-1 holders,
 * whose years of exemption the organizer does not ask.
 */
export function isUsPerson(answers: Answers, taxYear: number): boolean | null {
  const visa = typeof answers.visa === 'string' ? answers.visa : null;
  if (visa === null || SPT_EXEMPT_VISAS.includes(visa)) return null;
  if (RESIDENT_BY_STATUS.includes(visa)) return true;
  const days = [answers.days_us, answers.days_us_prior, answers.days_us_prior2];
  if (days.some((d) => typeof d !== 'number')) return null;
  return substantialPresence(answers, taxYear).meets;
}

// ---------------------------------------------------------------------------------------------------------
// Amounts in US dollars at the Treasury's year-end rate
// ---------------------------------------------------------------------------------------------------------

/** Year-end rates for one tax year: units of the currency per US dollar (the Treasury's way of quoting). */
export type YearEndRates = Readonly<Record<string, number>>;

/**
 * An amount in whole US dollars, rounded up to the next dollar (FinCEN's FBAR instruction); null when no rate
 * is known for its currency.
 */
export function usdOf(money: Money, rates: YearEndRates): number | null {
  const hundredths = hundredthsOf(money.amount);
  if (money.currency === 'USD') return Math.ceil(hundredths / 100);
  const rate = rates[money.currency];
  if (!rate || rate <= 0) return null;
  // Rounded to a thousandth of a cent first, so 9,00,000 at 90 is exactly 10,000 and not 10,001.
  return Math.ceil(Math.round((hundredths / rate) * 1000) / 100_000);
}

const rowsOf = (answers: Answers, id: string): GroupRow[] => {
  const value = answers[id];
  return Array.isArray(value) ? value : [];
};

const moneyOf = (row: GroupRow, field: string): Money | null => {
  const value = row[field];
  return isMoney(value) ? value : null;
};

const labelOf = (choices: readonly { value: string; label: string }[], value: unknown) =>
  choices.find((c) => c.value === value)?.label ?? String(value ?? '');

// ---------------------------------------------------------------------------------------------------------
// FBAR and Form 8938
// ---------------------------------------------------------------------------------------------------------

export const FBAR_THRESHOLD_USD = 10_000;

export type AccountLine = {
  rowId: string;
  bank: string;
  country: string;
  type: string;
  jointHolder: string | null;
  max: Money | null;
  maxUsd: number | null;
  yearEnd: Money | null;
  yearEndUsd: number | null;
};

export type FbarDecision = {
  /** required: over $10,000 together; not-required; unknown: a rate is missing or the status is not given. */
  decision: 'required' | 'not-required' | 'unknown';
  aggregateMaxUsd: number;
  accounts: AccountLine[];
  missingRates: string[];
  reason: string;
};

export function accountLines(answers: Answers, rates: YearEndRates): AccountLine[] {
  return rowsOf(answers, 'accounts').map((row) => {
    const max = moneyOf(row, 'max_value');
    const yearEnd = moneyOf(row, 'year_end_value');
    return {
      rowId: row.row_id,
      bank: String(row.bank ?? ''),
      country: row.country === 'IN' ? 'India' : 'Another country',
      type: labelOf(ACCOUNT_TYPES, row.type),
      jointHolder: row.joint === true && typeof row.joint_holder === 'string' ? row.joint_holder : null,
      max,
      maxUsd: max ? usdOf(max, rates) : null,
      yearEnd,
      yearEndUsd: yearEnd ? usdOf(yearEnd, rates) : null,
    };
  });
}

const formatUsd = (n: number) => `$${n.toLocaleString('en-US')}`;

/**
 * FinCEN Form 114: required when the maximum values of all foreign accounts, each converted at the year-end
 * rate and rounded up to the dollar, add up to more than $10,000. A joint account counts in full.
 */
export function fbarDecision(answers: Answers, rates: YearEndRates, taxYear: number): FbarDecision {
  const accounts = accountLines(answers, rates);
  const missingRates = [
    ...new Set(accounts.flatMap((a) => (a.max && a.maxUsd === null ? [a.max.currency] : []))),
  ];
  const aggregateMaxUsd = accounts.reduce((sum, a) => sum + (a.maxUsd ?? 0), 0);
  const usPerson = isUsPerson(answers, taxYear);
  const base = { aggregateMaxUsd, accounts, missingRates };
  if (accounts.length === 0) {
    return { ...base, decision: 'not-required', reason: 'No accounts outside the US are given.' };
  }
  if (usPerson === false) {
    return {
      ...base,
      decision: 'not-required',
      reason: 'Not a US person for the year (no citizenship, green card or substantial presence).',
    };
  }
  if (aggregateMaxUsd > FBAR_THRESHOLD_USD) {
    return {
      ...base,
      decision: usPerson === null ? 'unknown' : 'required',
      reason: `The accounts' maximum values add up to ${formatUsd(aggregateMaxUsd)}, more than $10,000.`,
    };
  }
  if (missingRates.length > 0) {
    return {
      ...base,
      decision: 'unknown',
      reason: `No year-end rate for ${missingRates.join(', ')} in ${taxYear}: add it to the rates table.`,
    };
  }
  return {
    ...base,
    decision: usPerson === null ? 'unknown' : 'not-required',
    reason: `The accounts' maximum values add up to ${formatUsd(aggregateMaxUsd)}, not more than $10,000.`,
  };
}

/** Form 8938's reporting thresholds (its instructions): year-end value, or value at any time in the year. */
export function form8938Thresholds(filingStatus: string | null, livedAbroad: boolean) {
  const joint = filingStatus === 'mfj';
  const base = joint ? { yearEnd: 100_000, anyTime: 150_000 } : { yearEnd: 50_000, anyTime: 75_000 };
  return livedAbroad ? { yearEnd: base.yearEnd * 4, anyTime: base.anyTime * 4 } : base;
}

export type Form8938Decision = {
  decision: 'likely' | 'not-likely' | 'unknown';
  yearEndUsd: number;
  anyTimeUsd: number;
  thresholds: { yearEnd: number; anyTime: number };
  reason: string;
};

/**
 * Form 8938: likely when the foreign assets (accounts and funds) were worth more than the year-end threshold on
 * 31 December or more than the any-time threshold at any time. The any-time value is the accounts' maximums
 * plus the funds' 31 December values (the organizer does not ask a fund's maximum), so staff confirm.
 */
export function form8938Decision(answers: Answers, rates: YearEndRates, taxYear: number): Form8938Decision {
  const accounts = accountLines(answers, rates);
  const funds = pficFunds(answers, rates);
  const yearEndUsd =
    accounts.reduce((sum, a) => sum + (a.yearEndUsd ?? 0), 0) +
    funds.reduce((s, f) => s + (f.valueUsd ?? 0), 0);
  const anyTimeUsd =
    accounts.reduce((sum, a) => sum + (a.maxUsd ?? 0), 0) + funds.reduce((s, f) => s + (f.valueUsd ?? 0), 0);
  const filingStatus = typeof answers.filing_status === 'string' ? answers.filing_status : null;
  const thresholds = form8938Thresholds(filingStatus, answers.lived_abroad === true);
  const base = { yearEndUsd, anyTimeUsd, thresholds };
  const usPerson = isUsPerson(answers, taxYear);
  if (usPerson === false) {
    return {
      ...base,
      decision: 'not-likely',
      reason: 'Not a resident for the year: Form 8938 is for US persons.',
    };
  }
  const over = yearEndUsd > thresholds.yearEnd || anyTimeUsd > thresholds.anyTime;
  const words =
    `${formatUsd(yearEndUsd)} on 31 December (threshold ${formatUsd(thresholds.yearEnd)}), ` +
    `${formatUsd(anyTimeUsd)} at most (threshold ${formatUsd(thresholds.anyTime)})`;
  if (over) {
    return {
      ...base,
      decision: usPerson === null ? 'unknown' : 'likely',
      reason: `Foreign assets: ${words}.`,
    };
  }
  const missing = [
    ...new Set([
      ...accounts.flatMap((a) => [
        ...(a.max && a.maxUsd === null ? [a.max.currency] : []),
        ...(a.yearEnd && a.yearEndUsd === null ? [a.yearEnd.currency] : []),
      ]),
      ...funds.flatMap((f) => (f.value && f.valueUsd === null ? [f.value.currency] : [])),
    ]),
  ];
  if (missing.length > 0) {
    return {
      ...base,
      decision: 'unknown',
      reason: `No year-end rate for ${missing.join(', ')} in ${taxYear}: add it to the rates table.`,
    };
  }
  if (!filingStatus || usPerson === null) {
    return {
      ...base,
      decision: 'unknown',
      reason: filingStatus
        ? 'Whether the client is a US person for the year is not known yet (their status or days).'
        : 'The filing status is not given, so the threshold is not known.',
    };
  }
  return { ...base, decision: 'not-likely', reason: `Foreign assets: ${words}.` };
}

// ---------------------------------------------------------------------------------------------------------
// PFIC funds and the foreign tax credit
// ---------------------------------------------------------------------------------------------------------

export type PficFund = {
  rowId: string;
  house: string;
  folio: string;
  scheme: string;
  value: Money | null;
  valueUsd: number | null;
};

/** Each fund held outside the US: a PFIC, one Form 8621 each. */
export function pficFunds(answers: Answers, rates: YearEndRates): PficFund[] {
  return rowsOf(answers, 'funds').map((row) => {
    const value = moneyOf(row, 'year_end_value');
    return {
      rowId: row.row_id,
      house: String(row.house ?? ''),
      folio: String(row.folio ?? ''),
      scheme: String(row.scheme ?? ''),
      value,
      valueUsd: value ? usdOf(value, rates) : null,
    };
  });
}

export type ForeignTaxLine = {
  kind: string;
  currency: string;
  /** January-March (India's fiscal year ending 31 March of this year) and April-December (the next one). */
  janMar: string;
  aprDec: string;
  calendarYear: string;
  tdsJanMar: string;
  tdsAprDec: string;
  tdsCalendarYear: string;
};

const sumAmounts = (...values: (Money | null)[]) => {
  const total = values.reduce((sum, v) => sum + (v ? hundredthsOf(v.amount) : 0), 0);
  return (total / 100).toFixed(2);
};

/** India's income and TDS by type, split at 31 March and added up for the US calendar year (Form 1116). */
export function foreignTaxInputs(answers: Answers): ForeignTaxLine[] {
  return rowsOf(answers, 'india_income').map((row) => {
    const [janMar, aprDec, tdsJanMar, tdsAprDec] = ['jan_mar', 'apr_dec', 'tds_jan_mar', 'tds_apr_dec'].map(
      (field) => moneyOf(row, field),
    );
    return {
      kind: labelOf(INDIA_INCOME_TYPES, row.kind),
      currency: janMar?.currency ?? aprDec?.currency ?? 'INR',
      janMar: sumAmounts(janMar ?? null),
      aprDec: sumAmounts(aprDec ?? null),
      calendarYear: sumAmounts(janMar ?? null, aprDec ?? null),
      tdsJanMar: sumAmounts(tdsJanMar ?? null),
      tdsAprDec: sumAmounts(tdsAprDec ?? null),
      tdsCalendarYear: sumAmounts(tdsJanMar ?? null, tdsAprDec ?? null),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Documents to ask for and deliverables to suggest
// ---------------------------------------------------------------------------------------------------------

/** Item types are the checklist's (requests.constants.ts); kept as strings here to keep the domains apart. */
export type OrganizerItem = { key: string; type: string; title: string; note: string | null };

/** The CAS item's note: the statement comes password-protected. */
export const CAS_NOTE =
  'The CAS comes as a password-protected PDF (usually your PAN in capitals, or your PAN and date of birth). ' +
  'Upload it as it is and send us the password in a secure message.';

/**
 * The documents the answers call for. Keys are stable, so an item is suggested once; the one-per-file Indian
 * statements share the profile's keys (`india:<type>`), so the two sources never ask twice.
 */
export function organizerItems(answers: Answers, taxYear: number): OrganizerItem[] {
  const items: OrganizerItem[] = [];
  const add = (key: string, type: string, title: string, note: string | null = null) =>
    items.push({ key, type, title, note });
  if (answers.stock_sold === true)
    add('organizer:1099-b', '1099-b', `1099-B for what you sold in ${taxYear}`);
  if (answers.interest === true) add('organizer:1099-int', '1099-int', '1099-INT from each US bank');
  if (answers.k1 === true) add('organizer:k-1', 'k-1', 'Schedule K-1');
  if (answers.retirement === true) add('organizer:1099-r', 'other', '1099-R for the money taken out');
  if (answers.mortgage === true || answers.home_bought === true)
    add('organizer:1098', '1098', 'Form 1098 from your lender');
  if (answers.home_bought === true || answers.home_sold === true) {
    add('organizer:closing', 'other', 'Closing statement of the home bought or sold');
  }
  if (answers.tuition === true) add('organizer:1098-t', '1098-t', 'Form 1098-T from the college');
  if (answers.coverage === 'marketplace')
    add('organizer:1095-a', '1095-a', 'Form 1095-A from the marketplace');
  if (answers.business_started === true) {
    add(
      'organizer:business',
      'other',
      'Income and expenses of your business',
      'A summary or a spreadsheet is fine.',
    );
  }
  for (const row of rowsOf(answers, 'accounts')) {
    const bank = String(row.bank ?? 'the bank');
    const key = `organizer:account:${row.row_id}`;
    if (row.type === 'nro' || row.type === 'nre' || row.type === 'fcnr') {
      const label = String(row.type).toUpperCase();
      add(
        key,
        'bank-nre-nro',
        `Interest certificate and statement for your ${label} account at ${bank}`.slice(0, 200),
      );
    } else if (row.type === 'fd') {
      add(key, 'fd-interest', `FD statement and interest certificate from ${bank}`.slice(0, 200));
    } else {
      add(key, 'other', `Statement of your account at ${bank}, January to December`.slice(0, 200));
    }
  }
  if (rowsOf(answers, 'funds').length > 0) {
    add('india:mf-cas', 'mf-cas', 'Mutual-fund CAS (CAMS/KFintech), January to December', CAS_NOTE);
  }
  rowsOf(answers, 'properties').forEach((row) => {
    if (row.rented === true || row.sold === true) {
      add(
        `organizer:property:${row.row_id}`,
        'property-rent',
        `${row.sold === true ? 'Sale deed' : 'Rent received'} for the property in ${String(row.city ?? 'India')}`.slice(
          0,
          200,
        ),
      );
    }
  });
  const incomes = rowsOf(answers, 'india_income');
  if (incomes.some((row) => row.kind === 'salary'))
    add('india:form-16', 'form-16', 'Form 16 from your Indian employer');
  if (incomes.length > 0) add('india:26as-ais', '26as-ais', 'Form 26AS / AIS from the income-tax portal');
  return items;
}

/** Deliverables the answers suggest, for staff to confirm. */
export function organizerDeliverables(
  answers: Answers,
  rates: YearEndRates,
  taxYear: number,
): { kind: 'fbar' | 'itr'; reason: string }[] {
  const out: { kind: 'fbar' | 'itr'; reason: string }[] = [];
  const fbar = fbarDecision(answers, rates, taxYear);
  if (fbar.decision === 'required') out.push({ kind: 'fbar', reason: `The organizer: ${fbar.reason}` });
  if (answers.india_return === true) {
    out.push({ kind: 'itr', reason: 'The organizer: the client asks us to file the Indian return.' });
  } else if (rowsOf(answers, 'india_income').length > 0) {
    out.push({ kind: 'itr', reason: 'The organizer: the client earned income in India.' });
  }
  return out;
}
