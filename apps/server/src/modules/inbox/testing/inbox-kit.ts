/**
 * Shared by the staff inbox tests (inbox, inbox-referrals, inbox-payments, inbox-csv): one app with an admin,
 * an analyst and a client (Kiran, file TF-0042, with this year's filing and last year's), seven contact
 * messages (four of them spreadsheet formulas), two career applications (Priya's with a résumé), two referrals
 * and three payments. `useInboxApp()` sets them up for the calling test file; the bindings below are live
 * (ES modules), so tests read them as plain names.
 */
import {
  auditLog,
  careerApplications,
  clients,
  contactMessages,
  eq,
  filings,
  payments,
  referrals,
} from '@taxfirm/db';
import { beforeAll } from 'vitest';
import { currentTaxYear } from '../../../../test/factories.ts';
import { samplePdf } from '../../../../test/files.ts';
import { signUpAndLogIn, staffSession, useTestApp, type TestApp } from '../../../../test/helpers.ts';
import { CAREER_APPLICATION } from '../../../../test/samples.ts';

export let t: TestApp;
export let admin: { sid: string; userId: string };
export let analyst: { sid: string; userId: string };
export let client: { sid: string; userId: string; clientId: string };
export let taxYear: number;
let currentFiling: string;
let previousFiling: string;
/** The seeded rows' ids, by key: contact messages by sender (asha, bina, …), applications by applicant. */
export const ids: Record<string, string> = {};
export const resumePdf = samplePdf(8192);

const at = (iso: string) => new Date(iso);
export const today = () => new Date().toISOString().slice(0, 10);

async function addContact(
  key: string,
  name: string,
  status: 'new' | 'follow up' | 'no response',
  day: string,
  message = 'Please call me back.',
) {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      name,
      email: `${key}@example.com`,
      phone: '4695550100',
      phoneExt: 'US',
      message,
      status,
      createdAt: at(`${day}T10:00:00Z`),
    })
    .returning({ id: contactMessages.id });
  ids[key] = row?.id ?? '';
}

/** Start the app and seed the inbox before the file's tests, and close it after them. */
export function useInboxApp() {
  t = useTestApp();
  beforeAll(async () => {
    const db = t.database.db;
    admin = await staffSession(t, 'admin@firm.example', 'admin');
    analyst = await staffSession(t, 'analyst@firm.example', 'analyst');
    client = await signUpAndLogIn(t, 'kiran@example.com', { first: 'Kiran', last: 'Patel' });
    await db.update(clients).set({ fileNumber: 'TF-0042' }).where(eq(clients.id, client.clientId));
    taxYear = await currentTaxYear(t);
    const [filing] = await db.select().from(filings).where(eq(filings.clientId, client.clientId));
    currentFiling = filing?.id ?? '';
    const [previous] = await db
      .insert(filings)
      .values({ clientId: client.clientId, taxYear: taxYear - 1, status: 'E-Filing Complete' })
      .returning({ id: filings.id });
    previousFiling = previous?.id ?? '';

    await addContact('asha', 'Asha Rao', 'new', '2026-01-01');
    await addContact('bina', 'Bina Das', 'follow up', '2026-01-02');
    await addContact('chetan', 'Chetan, Iyer', 'new', '2026-01-03', 'line one\nline "two", and more');
    await addContact('f1', '=HYPERLINK("http://x")', 'no response', '2026-01-04');
    await addContact('f2', '+1', 'no response', '2026-01-05');
    await addContact('f3', '-2', 'no response', '2026-01-06');
    await addContact('f4', '@SUM(A1)', 'no response', '2026-01-07');

    // One application through the public form, with its résumé stored as the form stores it.
    const form = new FormData();
    for (const [name, value] of Object.entries(CAREER_APPLICATION)) {
      form.append(name, value);
    }
    form.append(
      'resume',
      new Blob([new Uint8Array(resumePdf)], { type: 'application/pdf' }),
      'Priya "CV" résumé.pdf',
    );
    const submitted = await t.postForm('/api/settings/careerssubmit', form);
    if (submitted.statusCode !== 200) throw new Error(submitted.body);
    const [priya] = await db.select().from(careerApplications);
    ids['priya'] = priya?.id ?? '';
    const [ravi] = await db
      .insert(careerApplications)
      .values({
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@example.com',
        phone: '4695550111',
        phoneExt: 'US',
        message: 'No résumé attached.',
        createdAt: at('2020-01-01T00:00:00Z'),
      })
      .returning({ id: careerApplications.id });
    ids['ravi'] = ravi?.id ?? '';

    const referral = {
      referrerPhone: '4695550100',
      referrerPhoneExt: 'US',
      friendPhone: '9876543210',
      friendPhoneExt: 'INDIA',
      comment: '',
    };
    await db.insert(referrals).values([
      {
        ...referral,
        clientId: null,
        taxYear,
        referrerName: 'Visitor Vik',
        referrerEmail: 'vik@example.com',
        friendName: 'Friend Farah',
        friendEmail: 'farah@example.com',
        createdAt: at('2026-02-01T00:00:00Z'),
      },
      {
        ...referral,
        clientId: client.clientId,
        taxYear: taxYear - 1,
        referrerName: 'Kiran Patel',
        referrerEmail: 'kiran@example.com',
        friendName: 'Amit Gupta',
        friendEmail: 'amit@example.com',
        comment: 'Met at work',
        createdAt: at('2026-02-02T00:00:00Z'),
      },
    ]);

    const payment = { clientId: client.clientId, provider: 'sandbox' as const, currency: 'USD' };
    await db.insert(payments).values([
      {
        ...payment,
        filingId: currentFiling,
        orderId: 'order_paid',
        amountCents: 12345,
        status: 'paid',
        providerPaymentId: 'pay_paid',
        paidAt: at('2026-03-10T12:00:00Z'),
        createdAt: at('2026-03-10T11:59:00Z'),
      },
      {
        ...payment,
        filingId: currentFiling,
        orderId: 'order_open',
        amountCents: 5000,
        status: 'created',
        createdAt: at('2026-03-01T08:00:00Z'),
      },
      {
        ...payment,
        filingId: previousFiling,
        orderId: 'order_failed',
        amountCents: 999,
        status: 'failed',
        createdAt: at('2025-05-05T08:00:00Z'),
      },
    ]);
  });
}

export const names = (res: { json: () => { data: { name?: string }[] } }) =>
  res.json().data.map((r) => r.name);
export const auditsOf = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
