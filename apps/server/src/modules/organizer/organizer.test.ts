/**
 * The year's organizer (issue 37), through its calls: conditions, versions, the FBAR and 8938 decisions at and
 * around each threshold, the Substantial Presence Test at its edges, what sending it does (checklist items once,
 * the file moving on), staff reads and edits (audited), the rates table, the worksheets, and another client's
 * organizer refused.
 */
import { CAS_NOTE, MESSAGES } from '@taxfirm/contract';
import {
  and,
  auditLog,
  emailOutbox,
  eq,
  exchangeRates,
  filings,
  filingStatusHistory,
  organizerAnswers,
  organizerDefinitions,
  requestItems,
  requestReminders,
  sql,
} from '@taxfirm/db';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  admin,
  analyst,
  asha,
  filingOf,
  otherAnalyst,
  ravi,
  t,
  taxYear,
  useSeededFirm,
} from '../../../test/seeded-firm-kit.ts';
import { createKeyring } from '../../lib/crypto/keyring.ts';
import { TEST_ENCRYPTION_KEY } from '../../../test/helpers.ts';
import { runReminderPass } from '../requests/reminders.service.ts';
import { openAnswers, sealAnswers } from './organizer-store.ts';

const FIRM = { name: 'Test Tax Firm', email: 'office@firm.test', address: '1 Main St', logoUrl: '' };

useSeededFirm({ tag: 'organizer', status: 'Basic Info Pending' });

type Body = Record<string, unknown>;
const save = (sid: string, answers: Body) => t.postAs(sid, '/api/account/organizer/save', { answers });
const submit = (sid: string, answers: Body) => t.postAs(sid, '/api/account/organizer/submit', { answers });
const get = (sid: string) => t.postAs(sid, '/api/account/organizer/get', {});
const staffGet = (sid: string, clientId = asha.clientId) =>
  t.postAs(sid, '/api/staff/organizer/get', { client_id: clientId });

/** Every required question of the built-in organizer answered "no", a citizen filing single. */
const BASE: Body = {
  married: false,
  divorced: false,
  baby: false,
  moved: false,
  new_job: false,
  home_bought: false,
  home_sold: false,
  business_started: false,
  interest: false,
  stock_sold: false,
  k1: false,
  retirement: false,
  mortgage: false,
  tuition: false,
  childcare: false,
  charity: false,
  hsa: false,
  coverage: 'employer',
  filing_status: 'single',
  visa: 'citizen',
  lived_abroad: false,
  has_accounts: false,
  has_funds: false,
  has_property: false,
  has_india_income: false,
  india_return: false,
};

const account = (
  rowId: string,
  type: string,
  max: string,
  yearEnd: string,
  currency = 'INR',
): Body & { row_id: string } => ({
  row_id: rowId,
  bank: `Bank ${rowId}`,
  country: 'IN',
  type,
  joint: false,
  max_value: { amount: max, currency },
  year_end_value: { amount: yearEnd, currency },
});

const fund = (rowId: string, scheme: string, value: string) => ({
  row_id: rowId,
  house: 'HDFC Mutual Fund',
  folio: `F-${rowId}`,
  scheme,
  year_end_value: { amount: value, currency: 'INR' },
});

/** A rate for the seeded tax year, set as an admin would. */
async function setRate(currency: string, units: string) {
  const res = await t.postAs(admin.sid, '/api/staff/rates/save', {
    currency,
    year: taxYear,
    units_per_usd: units,
    source: 'Treasury Reporting Rates of Exchange, test',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Asha's answers as kept, opened with the test app's key. */
async function keptAnswers() {
  const [row] = await t.database.db
    .select()
    .from(organizerAnswers)
    .where(eq(organizerAnswers.clientId, asha.clientId));
  if (!row) throw new Error('no organizer');
  return openAnswers(createKeyring(TEST_ENCRYPTION_KEY), row);
}

/** Put the organizer back to not started, the file in Basic Info Pending. */
async function reset() {
  const db = t.database.db;
  await db.delete(organizerAnswers).where(sql`true`);
  await db.delete(organizerDefinitions).where(sql`true`);
  await db.delete(requestItems).where(sql`true`);
  await t.database.db
    .update(filings)
    .set({ status: 'Basic Info Pending' })
    .where(eq(filings.clientId, asha.clientId));
}

describe('answers and conditions', () => {
  beforeEach(reset);

  it("drops a hidden question's answer and never requires it; requires what shows", async () => {
    const saved = await save(asha.sid, {
      ...BASE,
      moved_on: `${taxYear}-05-01`,
      business_income: { amount: '5000', currency: 'USD' },
      accounts: [account('a1', 'nro', '100', '100')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answers = (await get(asha.sid)).json().organizer.answers;
    expect(answers).not.toHaveProperty('moved_on');
    expect(answers).not.toHaveProperty('business_income');
    expect(answers).not.toHaveProperty('accounts');
    expect(Object.keys(await keptAnswers())).not.toContain('accounts');

    // Shown, the account's own required fields are required on sending, and nothing is sent.
    const missing = await submit(asha.sid, {
      ...BASE,
      has_accounts: true,
      accounts: [{ ...account('a1', 'nro', '100', '100'), bank: '' }],
    });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json()).toMatchObject({
      status_smessage: MESSAGES.ORGANIZER_REQUIRED,
      details: { 'accounts.0.bank': MESSAGES.ORGANIZER_REQUIRED },
    });
    expect((await get(asha.sid)).json().organizer.state).toBe('in_progress');
  });

  it('refuses a value of the wrong type with its message and keeps the answers as they were', async () => {
    expect((await save(asha.sid, { married: true })).statusCode).toBe(200);
    for (const [answers, field, message] of [
      [{ married: 'yes' }, 'married', MESSAGES.ORGANIZER_CHOOSE_YES_NO],
      [{ coverage: 'gold' }, 'coverage', MESSAGES.ORGANIZER_CHOOSE_OPTION],
      [{ visa: 'h1b', days_us: 400 }, 'days_us', 'Enter a whole number from 0 to 366.'],
      [{ pan: 'ABC123' }, 'pan', MESSAGES.ORGANIZER_PAN_INVALID],
      [{ moved: true, moved_on: '2025-02-30' }, 'moved_on', MESSAGES.ORGANIZER_DATE_INVALID],
      [
        { has_accounts: true, accounts: [{ ...account('a1', 'nro', 'lots', '1') }] },
        'accounts.0.max_value',
        MESSAGES.ORGANIZER_AMOUNT_INVALID,
      ],
      [
        { has_accounts: true, accounts: [account('a1', 'nro', '1', '1', 'XYZ')] },
        'accounts.0.max_value',
        MESSAGES.ORGANIZER_CURRENCY_INVALID,
      ],
    ] as const) {
      const res = await save(asha.sid, answers);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().details[field], JSON.stringify(answers)).toBe(message);
    }
    expect((await get(asha.sid)).json().organizer.answers).toEqual({ married: true });
    // Not an object of answers at all: refused by the schema.
    expect((await t.postAs(asha.sid, '/api/account/organizer/save', { answers: [1] })).statusCode).toBe(400);
  });

  it('keeps the PAN sealed and shows it masked; sent back masked, the kept one stays', async () => {
    expect((await save(asha.sid, { pan: 'abcde1234f' })).statusCode).toBe(200);
    const shown = (await get(asha.sid)).json().organizer.answers.pan;
    expect(shown).toBe('••••••234F');
    expect((await save(asha.sid, { pan: shown, married: true })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(organizerAnswers);
    expect(await keptAnswers()).toEqual({
      pan: 'ABCDE1234F',
      married: true,
    });
    expect(row?.answersSealed).not.toContain('ABCDE');
  });

  it("another client never reaches Asha's organizer; staff only on files they work", async () => {
    expect((await save(asha.sid, { ...BASE, married: true })).statusCode).toBe(200);
    // Ravi's calls are his own: a client id in the body is not read.
    const his = await t.postAs(ravi.sid, '/api/account/organizer/get', { client_id: asha.clientId });
    expect(his.json().organizer.answers).toEqual({});
    expect((await staffGet(otherAnalyst.sid)).statusCode).toBe(403);
    const edit = await t.postAs(otherAnalyst.sid, '/api/staff/organizer/save', {
      client_id: asha.clientId,
      answers: {},
      reason: 'x',
    });
    expect(edit.statusCode).toBe(403);
    expect(
      (await t.postAs(asha.sid, '/api/staff/organizer/get', { client_id: asha.clientId })).statusCode,
    ).toBe(403);
    for (const path of ['fbar', 'pfic']) {
      const sheet = await t.postAs(otherAnalyst.sid, `/api/staff/worksheets/${path}`, {
        client_id: asha.clientId,
        format: 'csv',
      });
      expect(sheet.statusCode).toBe(403);
    }
    expect((await staffGet(analyst.sid)).json().organizer.answers.married).toBe(true);
  });
});

describe('versions of the questions', () => {
  beforeEach(reset);

  it('an answer given to an older version still reads with its words; new organizers get the new version', async () => {
    const v1 = await t.postAs(admin.sid, '/api/staff/organizer/definition/save', {
      off: [],
      questions: [{ section_id: 'income', type: 'yesno', label: 'Did you receive tips?', required: true }],
    });
    expect(v1.statusCode, v1.body).toBe(200);
    const tips = v1.json().definition.sections[1].questions.at(-1);
    expect(tips).toMatchObject({ label: 'Did you receive tips?', firm: true });
    const sent = await submit(asha.sid, { ...BASE, [tips.id]: true });
    expect(sent.statusCode, sent.body).toBe(200);

    const v2 = await t.postAs(admin.sid, '/api/staff/organizer/definition/save', {
      off: ['health'],
      questions: [],
    });
    expect(v2.json().definition.version).toBe(2);

    const read = (await staffGet(analyst.sid)).json().organizer;
    expect(read.definition.version).toBe(1);
    expect(read.answers[tips.id]).toBe(true);
    expect(
      read.definition.sections.find((s: { id: string }) => s.id === 'income').questions.at(-1).label,
    ).toBe('Did you receive tips?');
    // Ravi starts on version 2: no tips question, no health section, and coverage is not required.
    const his = (await get(ravi.sid)).json().organizer.definition;
    expect(his.version).toBe(2);
    expect(his.sections.find((s: { id: string }) => s.id === 'health').off).toBe(true);
    const { coverage: _coverage, ...withoutCoverage } = BASE;
    expect((await submit(ravi.sid, withoutCoverage)).statusCode).toBe(200);
    await t.database.db.delete(organizerAnswers).where(eq(organizerAnswers.clientId, ravi.clientId));
  });

  it('refuses turning off what is not there, and analysts', async () => {
    const bad = await t.postAs(admin.sid, '/api/staff/organizer/definition/save', {
      off: ['nope'],
      questions: [],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().status_smessage).toBe(MESSAGES.ORGANIZER_DEFINITION_UNKNOWN_ID);
    const choice = await t.postAs(admin.sid, '/api/staff/organizer/definition/save', {
      off: [],
      questions: [{ section_id: 'income', type: 'choice', label: 'Pick', choices: ['one'] }],
    });
    expect(choice.statusCode).toBe(400);
    const tooMany = await t.postAs(admin.sid, '/api/staff/organizer/definition/save', {
      off: [],
      questions: Array.from({ length: 31 }, (_, i) => ({
        section_id: 'income',
        type: 'yesno',
        label: `Q${i}`,
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.questions).toBe(MESSAGES.ORGANIZER_FIRM_QUESTIONS_LIMIT);
    const analystTry = await t.postAs(analyst.sid, '/api/staff/organizer/definition/save', {
      off: [],
      questions: [],
    });
    expect(analystTry.statusCode).toBe(403);
    expect(await t.database.db.select().from(organizerDefinitions)).toEqual([]);
  });
});

describe('FBAR and Form 8938 at and around their thresholds', () => {
  beforeEach(reset);

  const findings = async (answers: Body) => {
    const saved = await save(asha.sid, answers);
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await staffGet(analyst.sid);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().findings;
  };

  it('FBAR: required only above $10,000 together, each maximum at the year-end rate rounded up', async () => {
    await setRate('INR', '80');
    const fbar = async (...accounts: ReturnType<typeof account>[]) =>
      (await findings({ ...BASE, has_accounts: true, accounts })).fbar;
    expect(await fbar(account('a', 'nro', '10000', '1', 'USD'))).toMatchObject({
      decision: 'not-required',
      aggregate_max_usd: 10_000,
    });
    expect(await fbar(account('a', 'nro', '10000.01', '1', 'USD'))).toMatchObject({
      decision: 'required',
      aggregate_max_usd: 10_001,
    });
    // 8,00,000 INR at 80 is exactly $10,000; one rupee more is rounded up to $10,001.
    expect(await fbar(account('a', 'nro', '8,00,000', '1'))).toMatchObject({ decision: 'not-required' });
    expect(await fbar(account('a', 'nro', '800001', '1'))).toMatchObject({
      decision: 'required',
      aggregate_max_usd: 10_001,
    });
    // Two accounts under the threshold each, over it together (a joint account counts in full).
    const both = await fbar(
      { ...account('a', 'nro', '400000', '1'), joint: true, joint_holder: 'Meena Rao' },
      account('b', 'fd', '400080', '1'),
    );
    expect(both).toMatchObject({ decision: 'required', aggregate_max_usd: 10_001 });
    expect(both.accounts[0]).toMatchObject({ joint_holder: 'Meena Rao', max: { usd: 5000 } });
    // No rate for the currency: cannot tell, and says which.
    await t.database.db
      .delete(exchangeRates)
      .where(and(eq(exchangeRates.currency, 'SGD'), eq(exchangeRates.year, taxYear)));
    expect(await fbar(account('a', 'nro', '100', '1', 'SGD'))).toMatchObject({
      decision: 'unknown',
      missing_rates: ['SGD'],
    });
    // Not a US person (an H-1B holder without substantial presence): not required.
    const visitor = await findings({
      ...BASE,
      visa: 'h1b',
      days_us: 30,
      days_us_prior: 0,
      days_us_prior2: 0,
      has_accounts: true,
      accounts: [account('a', 'nro', '50000', '1', 'USD')],
    });
    expect(visitor.fbar.decision).toBe('not-required');
  });

  it('cannot tell until the status and days are given, for F-1 and J-1 holders, and without a rate', async () => {
    const accounts = { has_accounts: true, accounts: [account('a', 'nro', '50000', '50000', 'USD')] };
    const noDays = await findings({ ...BASE, visa: 'h1b', ...accounts });
    expect(noDays.fbar.decision).toBe('unknown');
    expect(noDays.form_8938.decision).toBe('unknown');
    const student = await findings({ ...BASE, visa: 'f1', ...accounts });
    expect(student.fbar.decision).toBe('unknown');
    await t.database.db
      .delete(exchangeRates)
      .where(and(eq(exchangeRates.currency, 'EUR'), eq(exchangeRates.year, taxYear)));
    const euros = await findings({
      ...BASE,
      has_accounts: true,
      accounts: [account('a', 'savings', '900000', '900000', 'EUR')],
    });
    expect(euros.form_8938).toMatchObject({ decision: 'unknown' });
    expect(euros.form_8938.reason).toContain('EUR');
  });

  const THRESHOLDS = [
    ['single', false, 50_000, 75_000],
    ['hoh', false, 50_000, 75_000],
    ['mfs', false, 50_000, 75_000],
    ['mfj', false, 100_000, 150_000],
    ['single', true, 200_000, 300_000],
    ['hoh', true, 200_000, 300_000],
    ['mfs', true, 200_000, 300_000],
    ['mfj', true, 400_000, 600_000],
  ] as const;

  it.each(THRESHOLDS)(
    'Form 8938, %s, abroad %s: likely only above $%i on 31 December or $%i at any time',
    async (status, abroad, yearEnd, anyTime) => {
      const f8938 = async (max: number, end: number) =>
        (
          await findings({
            ...BASE,
            filing_status: status,
            lived_abroad: abroad,
            has_accounts: true,
            accounts: [account('a', 'savings', String(max), String(end), 'USD')],
          })
        ).form_8938;
      const at = await f8938(anyTime, yearEnd);
      expect(at).toMatchObject({
        decision: 'not-likely',
        threshold_year_end: yearEnd,
        threshold_any_time: anyTime,
        year_end_usd: yearEnd,
        any_time_usd: anyTime,
      });
      expect((await f8938(anyTime, yearEnd + 1)).decision).toBe('likely');
      expect((await f8938(anyTime + 1, yearEnd)).decision).toBe('likely');
      expect((await f8938(anyTime - 1, yearEnd - 1)).decision).toBe('not-likely');
    },
  );

  it('Form 8938 counts the funds too, and lists each fund as a PFIC', async () => {
    await setRate('INR', '80');
    const found = await findings({
      ...BASE,
      has_accounts: true,
      accounts: [account('a', 'savings', '40000', '40000', 'USD')],
      has_funds: true,
      funds: [fund('f1', 'Flexi Cap', '800000'), fund('f2', 'Small Cap', '80')],
    });
    expect(found.form_8938).toMatchObject({ year_end_usd: 50_001, decision: 'likely' });
    expect(found.pfic).toEqual([
      {
        house: 'HDFC Mutual Fund',
        folio: 'F-f1',
        scheme: 'Flexi Cap',
        value: { amount: '800000', currency: 'INR', usd: 10_000 },
      },
      {
        house: 'HDFC Mutual Fund',
        folio: 'F-f2',
        scheme: 'Small Cap',
        value: { amount: '80', currency: 'INR', usd: 1 },
      },
    ]);
  });
});

describe('the Substantial Presence Test at its edges', () => {
  beforeEach(reset);

  it.each([
    [183, 0, 0, true],
    [182, 0, 0, false],
    [30, 366, 366, false],
    [31, 366, 366, true],
    // The IRS example: 120 days in each year is 180, not a resident.
    [120, 120, 120, false],
    // 121 + 186/3 = 183 exactly: meets; 121 + 185/3 = 182.67: does not (fractions kept, never rounded up).
    [121, 186, 0, true],
    [121, 185, 0, false],
    [122, 120, 126, true],
    [122, 120, 125, false],
  ])('%i days, %i the year before, %i two before: meets %s', async (now, last, before, meets) => {
    const res = await save(asha.sid, {
      visa: 'h1b',
      days_us: now,
      days_us_prior: last,
      days_us_prior2: before,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().presence).toMatchObject({ applies: true, meets });
    expect(res.json().presence.explanation).toContain(meets ? 'meet the Substantial' : 'not meet');
  });

  it('does not apply to citizens, green-card holders or F-1 students, whose days are not asked', async () => {
    for (const visa of ['citizen', 'green-card', 'f1']) {
      const res = await save(asha.sid, { visa, days_us: 200 });
      expect(res.json().presence.applies, visa).toBe(false);
    }
    // A citizen is not asked the days: the answer is dropped.
    expect((await get(asha.sid)).json().organizer.answers).toEqual({ visa: 'f1', days_us: 200 });
    await save(asha.sid, { visa: 'citizen', days_us: 200 });
    expect((await get(asha.sid)).json().organizer.answers).toEqual({ visa: 'citizen' });
  });
});

describe('sending the organizer', () => {
  beforeEach(reset);

  const INDIA_ANSWERS: Body = {
    ...BASE,
    visa: 'h1b',
    days_us: 340,
    days_us_prior: 350,
    days_us_prior2: 200,
    stock_sold: true,
    has_accounts: true,
    accounts: [
      {
        ...account('nro', 'nro', '900000', '850000'),
        bank: 'State Bank of India',
        joint: true,
        joint_holder: 'Meena Rao',
      },
      { ...account('fd', 'fd', '300000', '300000'), bank: 'HDFC Bank' },
    ],
    has_funds: true,
    funds: [fund('f1', 'Flexi Cap', '250000'), fund('f2', 'Small Cap', '120000')],
    pan: 'ABCDE1234F',
    pan_status: 'operative',
    india_return: true,
  };

  it('adds the documents the answers call for once, moves the file on with the status e-mail, and suggests the FBAR and ITR', async () => {
    await setRate('INR', '89.873');
    const sent = await submit(asha.sid, INDIA_ANSWERS);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status_smessage: MESSAGES.ORGANIZER_SENT, items_added: 4 });
    const filing = await filingOf(asha);
    const items = await t.database.db
      .select({
        type: requestItems.type,
        title: requestItems.title,
        note: requestItems.note,
        source: requestItems.source,
      })
      .from(requestItems)
      .where(eq(requestItems.filingId, filing.id));
    expect(items).toEqual(
      expect.arrayContaining([
        { type: '1099-b', title: `1099-B for what you sold in ${taxYear}`, note: null, source: 'organizer' },
        {
          type: 'bank-nre-nro',
          title: 'Interest certificate and statement for your NRO account at State Bank of India',
          note: null,
          source: 'organizer',
        },
        {
          type: 'fd-interest',
          title: 'FD statement and interest certificate from HDFC Bank',
          note: null,
          source: 'organizer',
        },
        {
          type: 'mf-cas',
          title: 'Mutual-fund CAS (CAMS/KFintech), January to December',
          note: CAS_NOTE,
          source: 'organizer',
        },
      ]),
    );
    expect(filing.status).toBe('Docs Upload Pending');
    const [moved] = await t.database.db
      .select({ from: filingStatusHistory.fromStatus, comment: filingStatusHistory.comment })
      .from(filingStatusHistory)
      .where(
        and(
          eq(filingStatusHistory.filingId, filing.id),
          eq(filingStatusHistory.toStatus, 'Docs Upload Pending'),
        ),
      );
    expect(moved).toEqual({ from: 'Basic Info Pending', comment: MESSAGES.ORGANIZER_SENT });
    const mails = await t.database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.to} = ${`asha.organizer@example.com`} and ${emailOutbox.subject} ilike '%Docs Upload%'`,
      );
    expect(mails.length).toBeGreaterThan(0);

    // Sent: the client can no longer change it.
    const again = await save(asha.sid, INDIA_ANSWERS);
    expect(again.json().status_smessage).toBe(MESSAGES.ORGANIZER_ALREADY_SENT);

    const staff = (await staffGet(analyst.sid)).json();
    expect(staff.organizer.state).toBe('sent');
    expect(staff.findings.fbar).toMatchObject({ decision: 'required', aggregate_max_usd: 10_015 + 3_339 });
    expect(staff.findings.pfic).toHaveLength(2);
    expect(staff.findings.deliverables.map((d: { kind: string }) => d.kind)).toEqual(['fbar', 'itr']);
    const deliverables = (
      await t.postAs(analyst.sid, '/api/staff/deliverables/list', { client_id: asha.clientId })
    ).json();
    expect(
      deliverables.suggestions.map((s: { kind: string; reason: string }) => [s.kind, s.reason.slice(0, 15)]),
    ).toEqual(
      expect.arrayContaining([
        ['itr', 'The organizer: '],
        ['fbar', 'The organizer: '],
      ]),
    );

    // A staff edit (with its reason, audited) adds the new account's item, and the old ones are not added again.
    const edited = await t.postAs(analyst.sid, '/api/staff/organizer/save', {
      client_id: asha.clientId,
      reason: 'Client phoned: forgot an account',
      answers: {
        ...staff.organizer.answers,
        accounts: [...(INDIA_ANSWERS.accounts as Body[]), account('nre', 'nre', '10', '10')],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await t.database.db
      .select({ id: requestItems.id })
      .from(requestItems)
      .where(eq(requestItems.filingId, filing.id));
    expect(after).toHaveLength(items.length + 1);
    // The masked PAN sent back by staff kept the real one.
    expect((await keptAnswers()).pan).toBe('ABCDE1234F');
    const audits = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, asha.clientId), sql`${auditLog.action} like '%organizer%'`));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'organizer.submit', subject: String(taxYear) },
        { action: 'staff.organizer.view', subject: null },
        { action: 'staff.organizer.save', subject: 'Client phoned: forgot an account' },
      ]),
    );
  });

  it('marks what changed from last year', async () => {
    const lastYear = {
      ...BASE,
      jobs: [{ row_id: 'j1', employer: 'Infosys Ltd' }],
      visa: 'h1b',
      days_us: 365,
      days_us_prior: 365,
      days_us_prior2: 365,
    };
    const [filing] = await t.database.db
      .insert(filings)
      .values({ clientId: asha.clientId, taxYear: taxYear - 1, status: 'Filing Docs Sent' })
      .returning();
    if (!filing) throw new Error('no filing');
    const keyring = createKeyring(TEST_ENCRYPTION_KEY);
    const id = crypto.randomUUID();
    await t.database.db.insert(organizerAnswers).values({
      id,
      filingId: filing.id,
      clientId: asha.clientId,
      taxYear: taxYear - 1,
      state: 'sent',
      answersSealed: sealAnswers(keyring, asha.clientId, id, lastYear),
    });
    try {
      // The client is offered last year's employer and visa (the questions that carry over).
      const offered = (await get(asha.sid)).json().organizer.last_year;
      expect(offered).toMatchObject({ jobs: [{ employer: 'Infosys Ltd' }], visa: 'h1b' });
      const sent = await submit(asha.sid, { ...lastYear, married: true, days_us: 200 });
      expect(sent.statusCode, sent.body).toBe(200);
      expect((await staffGet(analyst.sid)).json().changed.sort()).toEqual(['days_us', 'married']);
    } finally {
      await t.database.db.delete(filings).where(eq(filings.id, filing.id));
    }
  });

  it("shows each file's organizer state in the queue, and filters by it", async () => {
    const queue = async (organizer?: string) => {
      const res = await t.postAs(admin.sid, '/api/staff/clients/list', organizer ? { organizer } : {});
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        (res.json().data as { name: string; organizer: string }[]).map((row) => [row.name, row.organizer]),
      );
    };
    expect(await queue()).toEqual({ 'Asha Rao': 'not_started', 'Ravi Kumar': 'not_started' });
    expect((await save(asha.sid, { married: true })).statusCode).toBe(200);
    expect(await queue('in_progress')).toEqual({ 'Asha Rao': 'in_progress' });
    expect((await submit(asha.sid, BASE)).statusCode).toBe(200);
    expect(await queue('sent')).toEqual({ 'Asha Rao': 'sent' });
    expect(await queue('not_started')).toEqual({ 'Ravi Kumar': 'not_started' });
    const bad = await t.postAs(admin.sid, '/api/staff/clients/list', { organizer: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.organizer).toBe(MESSAGES.QUEUE_ORGANIZER_INVALID);
  });

  it('staff ask only for the current year while the file collects information', async () => {
    const send = (taxy?: number) =>
      t.postAs(analyst.sid, '/api/staff/organizer/send', { client_id: asha.clientId, taxy });
    await t.database.db
      .update(filings)
      .set({ status: 'Preparation Pending' })
      .where(eq(filings.clientId, asha.clientId));
    expect((await send()).json().status_smessage).toBe(MESSAGES.ORGANIZER_CLOSED);
    await t.database.db
      .update(filings)
      .set({ status: 'Basic Info Pending' })
      .where(eq(filings.clientId, asha.clientId));
    expect((await send(taxYear - 1)).statusCode).toBe(404);
    expect(await t.database.db.select().from(organizerAnswers)).toEqual([]);
  });

  it("staff answers on an organizer they sent keep the firm's own questions in force", async () => {
    const v1 = await t.postAs(admin.sid, '/api/staff/organizer/definition/save', {
      off: [],
      questions: [{ section_id: 'income', type: 'yesno', label: 'Did you receive tips?', required: false }],
    });
    const tips = v1.json().definition.sections[1].questions.at(-1).id as string;
    expect(
      (await t.postAs(analyst.sid, '/api/staff/organizer/send', { client_id: asha.clientId })).statusCode,
    ).toBe(200);
    const saved = await t.postAs(analyst.sid, '/api/staff/organizer/save', {
      client_id: asha.clientId,
      reason: 'Client phoned',
      answers: { married: true, [tips]: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await keptAnswers()).toEqual({ married: true, [tips]: true });
  });

  it('staff send the organizer: an e-mail, once in ten minutes, not once it is sent', async () => {
    const send = () => t.postAs(analyst.sid, '/api/staff/organizer/send', { client_id: asha.clientId });
    const first = await send();
    expect(first.json().status_smessage).toBe(MESSAGES.ORGANIZER_REQUESTED);
    const [mail] = await t.database.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Your ${taxYear} organizer is ready`));
    expect(mail?.text).toContain('/user/organizer');
    expect((await send()).json().status_smessage).toBe(MESSAGES.ORGANIZER_REQUESTED_RECENTLY);
    expect((await staffGet(analyst.sid)).json().requested_at).not.toBeNull();
    expect((await submit(asha.sid, BASE)).statusCode).toBe(200);
    await t.database.db
      .update(organizerAnswers)
      .set({ requestedAt: new Date(0) })
      .where(eq(organizerAnswers.clientId, asha.clientId));
    expect((await send()).json().status_smessage).toBe(MESSAGES.ORGANIZER_SENT_BY_CLIENT);
  });
});

describe('organizer reminders', () => {
  beforeEach(reset);

  it("follows the checklist reminders' schedule from when staff asked, and stops once it is sent", async () => {
    expect(
      (await t.postAs(analyst.sid, '/api/staff/organizer/send', { client_id: asha.clientId })).statusCode,
    ).toBe(200);
    const asked = new Date('2026-02-02T15:00:00Z');
    await t.database.db
      .update(organizerAnswers)
      .set({ requestedAt: asked })
      .where(eq(organizerAnswers.clientId, asha.clientId));
    const day = (n: number) => new Date(asked.getTime() + n * 24 * 3_600_000);
    const pass = (now: Date) =>
      runReminderPass(t.database.db, {
        now,
        settings: { firm: async () => FIRM },
        appUrl: 'http://localhost:3000',
      });
    const filing = await filingOf(asha);
    const reminders = () =>
      t.database.db
        .select({ titles: requestReminders.itemTitles })
        .from(requestReminders)
        .where(eq(requestReminders.filingId, filing.id));

    expect((await pass(day(2))).filingIds).not.toContain(filing.id);
    expect((await pass(day(3))).filingIds).toContain(filing.id);
    expect(await reminders()).toEqual([{ titles: [`Fill in your ${taxYear} organizer`] }]);
    const [row] = await t.database.db
      .select({ sent: organizerAnswers.remindersSent })
      .from(organizerAnswers)
      .where(eq(organizerAnswers.clientId, asha.clientId));
    expect(row?.sent).toBe(1);
    expect((await pass(day(4))).filingIds).not.toContain(filing.id);

    expect((await submit(asha.sid, BASE)).statusCode).toBe(200);
    expect((await pass(day(30))).filingIds).not.toContain(filing.id);
    await t.database.db.delete(requestReminders).where(eq(requestReminders.filingId, filing.id));
  });
});

describe('rates and worksheets', () => {
  beforeEach(reset);

  it('comes seeded for 2023-2025 in every currency the organizer takes, each source saying to confirm it', async () => {
    const list = (await t.postAs(analyst.sid, '/api/staff/rates/list', {})).json().rates as {
      currency: string;
      year: number;
      source: string;
    }[];
    for (const year of [2023, 2024]) {
      const seeded = list.filter((r) => r.year === year);
      expect(seeded.map((r) => r.currency).sort()).toEqual(['AED', 'AUD', 'CAD', 'EUR', 'GBP', 'INR', 'SGD']);
      for (const rate of seeded) expect(rate.source).toContain('confirm at fiscaldata.treasury.gov');
    }
    expect(list).toContainEqual(
      expect.objectContaining({ currency: 'INR', year: 2024, units_per_usd: '85.614000' }),
    );
  });

  it('admins set a rate with its source; bad input is refused with its message; analysts only read', async () => {
    await setRate('INR', '85.614');
    const list = (await t.postAs(analyst.sid, '/api/staff/rates/list', {})).json().rates;
    expect(list).toContainEqual(
      expect.objectContaining({
        currency: 'INR',
        year: taxYear,
        units_per_usd: '85.614000',
        updated_by: 'Ada Shah',
      }),
    );
    for (const [body, field, message] of [
      [{ currency: 'USD' }, 'currency', MESSAGES.RATE_CURRENCY_INVALID],
      [{ units_per_usd: '0' }, 'units_per_usd', MESSAGES.RATE_VALUE_INVALID],
      [{ units_per_usd: '85,6' }, 'units_per_usd', MESSAGES.RATE_VALUE_INVALID],
      [{ source: ' ' }, 'source', MESSAGES.RATE_SOURCE_REQUIRED],
      [{ year: 1999 }, 'year', MESSAGES.RATE_YEAR_INVALID],
    ] as const) {
      const res = await t.postAs(admin.sid, '/api/staff/rates/save', {
        ...{ currency: 'INR', year: taxYear, units_per_usd: '86', source: 'x' },
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[field]).toBe(message);
    }
    const analystTry = await t.postAs(analyst.sid, '/api/staff/rates/save', {
      currency: 'INR',
      year: taxYear,
      units_per_usd: '1',
      source: 'x',
    });
    expect(analystTry.statusCode).toBe(403);
    const [kept] = await t.database.db
      .select({ units: exchangeRates.unitsPerUsd })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currency, 'INR'), eq(exchangeRates.year, taxYear)));
    expect(kept?.units).toBe('85.614000');
  });

  it('the FBAR and PFIC worksheets come as CSV and PDF, audited; a bad format is refused', async () => {
    await setRate('INR', '80');
    await save(asha.sid, {
      ...BASE,
      has_accounts: true,
      accounts: [account('a', 'nro', '800001', '400000')],
      has_funds: true,
      funds: [fund('f1', 'Flexi Cap', '80000')],
      has_india_income: true,
      india_income: [
        {
          row_id: 'i1',
          kind: 'interest',
          jan_mar: { amount: '1000', currency: 'INR' },
          tds_jan_mar: { amount: '100', currency: 'INR' },
          apr_dec: { amount: '3000.50', currency: 'INR' },
          tds_apr_dec: { amount: '300', currency: 'INR' },
        },
      ],
    });
    const sheet = (path: string, format: string) =>
      t.postAs(analyst.sid, `/api/staff/worksheets/${path}`, { client_id: asha.clientId, format });
    const fbar = await sheet('fbar', 'csv');
    expect(fbar.statusCode, fbar.body).toBe(200);
    expect(fbar.headers['content-type']).toContain('text/csv');
    expect(fbar.body).toContain('Bank a,India,NRO savings,,INR,800001,10001,400000,5000');
    expect(fbar.body).toContain('FBAR required');
    const pfic = await sheet('pfic', 'csv');
    expect(pfic.body).toContain('HDFC Mutual Fund,F-f1,Flexi Cap,INR,80000,1000');
    expect(pfic.body).toContain('Interest,INR,1000.00,3000.50,4000.50,100.00,300.00,400.00');
    const pdf = await sheet('pfic', 'pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xls = await sheet('fbar', 'xls');
    expect(xls.statusCode).toBe(400);
    expect(xls.json().details.format).toBe(MESSAGES.ORGANIZER_WORKSHEET_FORMAT_INVALID);
    const audits = await t.database.db
      .select({ subject: auditLog.subject })
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.organizer.worksheet'));
    expect(audits.map((a) => a.subject)).toEqual(
      expect.arrayContaining(['fbar csv', 'pfic csv', 'pfic pdf']),
    );
  });
});
