/**
 * The demo firm's organizers (issue 37): an India-linked client who filed with the firm last year sent last
 * year's organizer (an employer, an H-1B, an NRO account held with a parent, an FD and a mutual fund), so this
 * year's organizer offers "Same as last year?" and the staff view shows the FBAR, PFIC and credit findings.
 * Written through the organizer's own code (checked against the definition, sealed with the app's keyring).
 */
import { builtInOrganizer, cleanAnswers, type Answers } from '@taxfirm/contract';
import { randomUUID } from 'node:crypto';
import { writeAnswers } from '../organizer/organizer.service.ts';
import type { DemoFile } from './demo-file.ts';
import { COMPANIES } from './demo-random.ts';

const BANKS = ['State Bank of India', 'HDFC Bank', 'ICICI Bank', 'Axis Bank'];
const HOUSES = ['HDFC Mutual Fund', 'SBI Mutual Fund', 'ICICI Prudential Mutual Fund'];
const SCHEMES = ['Flexi Cap Fund - Growth', 'Bluechip Fund - Growth', 'Small Cap Fund - Growth'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Last year's sent organizer of an India-linked client, on their previous year's filing. */
export async function seedLastYearOrganizer(
  f: DemoFile,
  old: { id: string; taxYear: number; status: DemoFile['status'] },
): Promise<void> {
  const { r } = f;
  const letters = (n: number) => Array.from({ length: n }, () => LETTERS[r.int(0, 25)]).join('');
  const lakh = (low: number, high: number) => String(r.int(low, high) * 10_000);
  const raw: Answers = {
    married: false,
    divorced: false,
    baby: false,
    moved: false,
    new_job: false,
    home_bought: false,
    home_sold: false,
    business_started: false,
    jobs: [{ row_id: randomUUID(), employer: r.pick(COMPANIES), state: 'NJ' }],
    interest: true,
    stock_sold: r.chance(0.5),
    k1: false,
    retirement: false,
    mortgage: false,
    tuition: false,
    childcare: false,
    charity: false,
    hsa: false,
    coverage: 'employer',
    filing_status: 'mfj',
    visa: 'h1b',
    arrival_on: `${old.taxYear - 4}-08-15`,
    days_us: r.int(320, 350),
    days_us_prior: r.int(320, 360),
    days_us_prior2: r.int(300, 360),
    lived_abroad: false,
    has_accounts: true,
    accounts: [
      {
        row_id: randomUUID(),
        bank: r.pick(BANKS),
        country: 'IN',
        type: 'nro',
        joint: true,
        joint_holder: `${f.first === 'Meena' ? 'Suresh' : 'Meena'} ${f.last}`,
        max_value: { amount: lakh(40, 90), currency: 'INR' },
        year_end_value: { amount: lakh(20, 40), currency: 'INR' },
      },
      {
        row_id: randomUUID(),
        bank: r.pick(BANKS),
        country: 'IN',
        type: 'fd',
        joint: false,
        max_value: { amount: lakh(10, 30), currency: 'INR' },
        year_end_value: { amount: lakh(10, 30), currency: 'INR' },
      },
    ],
    has_funds: true,
    funds: [
      {
        row_id: randomUUID(),
        house: r.pick(HOUSES),
        folio: String(r.int(10_000_000, 99_999_999)),
        scheme: r.pick(SCHEMES),
        year_end_value: { amount: lakh(5, 20), currency: 'INR' },
      },
    ],
    has_property: false,
    has_india_income: false,
    pan: `${letters(5)}${r.int(1000, 9999)}${letters(1)}`,
    pan_status: 'operative',
    india_return: r.chance(0.5),
  };
  const definition = builtInOrganizer(old.taxYear);
  const { answers, problems } = cleanAnswers(definition, raw, { sending: true });
  if (problems.length > 0) throw new Error(`demo organizer: ${JSON.stringify(problems)}`);
  await f.db.transaction(async (tx) => {
    await writeAnswers(tx, f.keyring, { id: old.id, clientId: f.clientId, taxYear: old.taxYear }, null, {
      definition,
      answers,
      state: 'sent',
      suggestedKinds: ['fbar'],
      sentAt: new Date(Date.now() - 330 * 86_400_000),
    });
  });
}
