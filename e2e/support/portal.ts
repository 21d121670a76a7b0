import { invoiceNumber, type FileStatus } from '@taxfirm/contract';
import {
  auditLog,
  clients,
  type Database,
  eq,
  filings,
  invoiceLines,
  invoices,
  invoiceSequences,
  requestItems,
  sql,
  users,
} from '@taxfirm/db';
import { expect, type Page } from '@playwright/test';
import type { Mailbox } from './mailbox.ts';
import type { AppServer } from './server.ts';

/** Helpers for portal specs: accounts made through the real calls and e-mails, and the login panel. */

export const PASSWORD = 'correct horse battery';

/** POST to the API from the page's context, with the CSRF cookie it was given. */
export async function apiPost(page: Page, path: string, body: unknown) {
  if (!(await page.context().cookies()).some((c) => c.name === 'XSRF-TOKEN'))
    await page.goto('/privacy-policy');
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(`/api/${path}`, { data: body, headers: { 'X-XSRF-TOKEN': token } });
}

export function registration(email: string, firstName = 'Ravi') {
  return {
    first_name: firstName,
    last_name: 'Kumar',
    mobileCountry: 'US',
    phone: '4695550100',
    email,
    confirmemail: email,
    password: PASSWORD,
    confirmpassword: PASSWORD,
    terms: true,
  };
}

/**
 * A verified account made through the call and the e-mailed link (the UI path has its own test). Unless
 * `consent` is false, the §7216 question is answered (Yes) through the calls too, so that signing in lands on
 * the dashboard rather than the consents screen (e2e/specs/portal/consents.spec.ts tests that screen).
 */
export async function verifiedAccount(
  page: Page,
  mailbox: Mailbox,
  email: string,
  { consent = true }: { consent?: boolean } = {},
) {
  const since = mailbox.received.length;
  const res = await apiPost(page, 'login/register', registration(email));
  expect(res.status()).toBe(200);
  const link = await mailbox.link(email, 'accountverifyuser', since);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  if (consent) await answerConsentsByCalls(page, email);
}

/** Sign in through the calls, answer the §7216 question, sign out: the page itself is left as it was. */
export async function answerConsentsByCalls(page: Page, email: string, offshore: 'yes' | 'no' = 'yes') {
  const login = await apiPost(page, 'login/check', { email, password: PASSWORD });
  expect(login.status(), await login.text()).toBe(200);
  const saved = await apiPost(page, 'account/consents/save', { offshore, signature: 'Ravi Kumar' });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await apiPost(page, 'account/logout', {})).status()).toBe(200);
}

/** On the consents screen after signing in: answer the §7216 question, sign with the typed name, save. */
export async function answerConsentsOnScreen(
  page: Page,
  answer: 'Yes' | 'No',
  signature: string,
  { acceptTerms = false }: { acceptTerms?: boolean } = {},
) {
  await expect(page).toHaveURL(/\/user\/consents$/);
  await page
    .getByRole('radio', {
      name: answer === 'Yes' ? 'Yes, I consent to this disclosure' : 'No, I do not consent',
    })
    .check();
  await page.getByRole('textbox', { name: /Type your full name to sign/ }).fill(signature);
  if (acceptTerms) await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Save my answer' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

export async function loginThroughPanel(page: Page, email: string, password = PASSWORD) {
  const dialog = page.getByRole('dialog', { name: 'Login' });
  if (!(await dialog.isVisible()))
    await page.getByTestId('top-bar').getByRole('button', { name: 'Login' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
}

/** The id of the client who signs in with `email` (it throws when there is none). */
export async function clientIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db
    .select({ clientId: clients.id })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no client for ${email}`);
  return row.clientId;
}

/** What the audit log holds about the client who signs in with `email`: each row's action and subject. */
export async function auditTrailOf(server: AppServer, email: string) {
  return server.withDatabase(async (db) =>
    db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(eq(auditLog.clientId, await clientIdOf(db, email))),
  );
}

/** Put the client's current filing in a status, as staff would. */
export async function setFileStatus(server: AppServer, email: string, status: FileStatus) {
  await server.withDatabase(async (db) => {
    const clientId = await clientIdOf(db, email);
    await db.update(filings).set({ status }).where(eq(filings.clientId, clientId));
  });
}

/**
 * A sent USD invoice of one line for the client's filing, numbered from the firm's sequence as staff would
 * get it (for specs about paying, not about invoicing). Answers its number.
 */
export async function sentInvoice(server: AppServer, email: string, cents: number): Promise<string> {
  return server.withDatabase(async (db) => {
    const [row] = await db
      .select({ clientId: clients.id, filingId: filings.id, taxYear: filings.taxYear })
      .from(clients)
      .innerJoin(users, eq(users.id, clients.userId))
      .innerJoin(filings, eq(filings.clientId, clients.id))
      .where(eq(users.email, email));
    if (!row) throw new Error(`no filing for ${email}`);
    const year = new Date().getUTCFullYear();
    const [sequence] = await db
      .insert(invoiceSequences)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceSequences.year, set: { last: sql`${invoiceSequences.last} + 1` } })
      .returning();
    const seq = sequence?.last ?? 1;
    const [invoice] = await db
      .insert(invoices)
      .values({
        clientId: row.clientId,
        filingId: row.filingId,
        taxYear: row.taxYear,
        number: invoiceNumber(year, seq),
        numberYear: year,
        numberSeq: seq,
        currency: 'USD',
        status: 'sent',
        subtotalCents: cents,
        totalCents: cents,
        sentAt: new Date(),
      })
      .returning();
    if (!invoice) throw new Error('no invoice');
    await db.insert(invoiceLines).values({
      invoiceId: invoice.id,
      position: 0,
      description: 'Federal return (Form 1040)',
      quantity: 1,
      unitCents: cents,
      amountCents: cents,
    });
    return invoice.number;
  });
}

/**
 * Move the client's checklist back in time by `days`: when items were asked for and last reminded, as if
 * the scheduler's days had passed (the app's own clock is never touched).
 */
export async function backdateChecklist(server: AppServer, email: string, days: number) {
  await server.withDatabase(async (db) => {
    const clientId = await clientIdOf(db, email);
    const back = sql`make_interval(days => ${days})`;
    await db
      .update(requestItems)
      .set({
        requestedAt: sql`${requestItems.requestedAt} - ${back}`,
        lastRemindedAt: sql`${requestItems.lastRemindedAt} - ${back}`,
      })
      .where(eq(requestItems.clientId, clientId));
  });
}

/**
 * The client menu, opened first where it is folded into the top bar's Menu button (on a phone). Answers the
 * menu's navigation landmark.
 */
export async function clientMenu(page: Page) {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  const menu = page.getByRole('navigation', { name: 'Client menu' });
  // One of the two shows once the client area is drawn: the Menu button on a phone, the side menu elsewhere.
  await expect(toggle.or(menu).first()).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
  }
  return menu;
}
