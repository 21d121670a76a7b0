import { generate } from 'otplib';
import { expect, type Page } from '@playwright/test';
import type { Mailbox } from './mailbox.ts';
import type { AppServer } from './server.ts';

/** Helpers for staff specs: accounts made as the firm makes them, and the login with its second step. */

export const STAFF_PASSWORD = 'a long staff passphrase';

/**
 * Authenticator codes for one secret, never the same 30-second step twice (the server refuses a replayed
 * code): each login waits for a step after the last one used.
 */
export class Authenticator {
  private lastStep = -1;
  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    let step = Math.floor(Date.now() / 30_000);
    if (step <= this.lastStep) {
      await new Promise((resolve) => setTimeout(resolve, (this.lastStep + 1) * 30_000 - Date.now() + 50));
      step = this.lastStep + 1;
    }
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * 30 });
  }
}

/** `npm run staff:create`: the one-time set-up link it prints. */
export async function staffFromCli(
  server: AppServer,
  member: { email: string; role: 'admin' | 'analyst'; firstName: string; lastName: string },
): Promise<URL> {
  const created = await server.runCli('apps/server/src/cli/staff-create.ts', [
    '--email',
    member.email,
    '--role',
    member.role,
    '--first-name',
    member.firstName,
    '--last-name',
    member.lastName,
  ]);
  expect(created.status, created.stderr).toBe(0);
  return new URL(/http\S+\/resetpasswordlink\/\S+/.exec(created.stdout)?.[0] ?? '');
}

/**
 * `npm run staff:create` from a spec: the page is left for about:blank first, because the command line stops
 * the app around it and none of the page's requests may be cut off. The one-time set-up link it prints.
 */
export async function staffFromCliOffPage(
  page: Page,
  server: AppServer,
  member: Parameters<typeof staffFromCli>[1],
): Promise<URL> {
  await page.goto('about:blank');
  return staffFromCli(server, member);
}

/** A member made from the command line sets a password through the link and logs in the first time. */
export async function staffFromCliFirstLogin(
  page: Page,
  server: AppServer,
  member: Parameters<typeof staffFromCli>[1],
): Promise<Authenticator> {
  const setup = await staffFromCliOffPage(page, server, member);
  await setPasswordThroughLink(page, setup);
  return firstStaffLogin(page, member.email);
}

/**
 * Choose the password through a set-up link (printed by the CLI or e-mailed with an invitation). Since issue 38
 * the holder lands signed in (a client: the dashboard, or the consents screen first) or at the second step (staff:
 * the staff login's code or enrolment). Unless `staySignedIn`, the browser is then left signed out, as the specs
 * that go on to test signing in expect.
 */
export async function setPasswordThroughLink(
  page: Page,
  link: URL,
  password = STAFF_PASSWORD,
  { staySignedIn = false }: { staySignedIn?: boolean } = {},
) {
  await page.goto(link.pathname);
  const reset = page.getByRole('form', { name: 'Reset password' });
  await reset.getByLabel(/^Password/).fill(password);
  await reset.getByLabel(/^Confirm Password/).fill(password);
  await reset.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await page.waitForURL((url) => /^\/(user\/(dashboard|consents)|staff\/login)$/.test(url.pathname));
  if (staySignedIn) return;
  // Leave the signed-in page first, so none of its calls is cut off, then forget the session and its UI state.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto('/privacy-policy');
  await page.evaluate(() => localStorage.clear());
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/staff/login');
  const login = page.getByRole('form', { name: 'Staff login' });
  await login.getByLabel(/^Email/).fill(email);
  await login.getByLabel(/^Password/).fill(password);
  await login.getByRole('button', { name: 'Login' }).click();
}

/** The first login: the password, then the mandatory authenticator enrolment. Answers the authenticator. */
export async function firstStaffLogin(page: Page, email: string, password = STAFF_PASSWORD) {
  await passwordStep(page, email, password);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  const authenticator = new Authenticator((await page.getByTestId('mfa-secret').innerText()).trim());
  const confirm = page.getByRole('form', { name: 'Confirm two-step verification' });
  await confirm.getByLabel(/^6-digit code/).fill(await authenticator.code());
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  return authenticator;
}

/** A later login: the password, then a code. */
export async function staffLogin(
  page: Page,
  email: string,
  authenticator: Authenticator,
  password = STAFF_PASSWORD,
) {
  await passwordStep(page, email, password);
  const second = page.getByRole('form', { name: 'Two-step verification' });
  await second.getByLabel(/^Authentication code/).fill(await authenticator.code());
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

/**
 * On a client's file: upload a PDF tax summary as a draft, then publish it (the form is the console's
 * "Upload a tax summary").
 */
export async function publishSummary(page: Page, title = '2025 Federal summary') {
  const summaries = page.getByRole('form', { name: 'Upload a tax summary' });
  await summaries.getByLabel(/^Title/).fill(title);
  const chooser = page.waitForEvent('filechooser');
  await summaries.getByLabel(/^Summary \(PDF\)/).click();
  await (
    await chooser
  ).setFiles({
    name: 'federal-summary.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 32), Buffer.from('\n%%EOF\n')]),
  });
  await summaries.getByRole('button', { name: 'Upload as draft' }).click();
  await expect(page.getByText('The summary was uploaded as a draft.')).toBeVisible();
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  // The console asks first, naming the summary and the client; nothing is published before the answer.
  const confirm = page.getByRole('dialog', { name: `Publish '${title}' to ` });
  await expect(confirm).toContainText('federal-summary.pdf');
  await expect(page.getByText('The summary was published to the client.')).toBeHidden();
  await confirm.getByRole('button', { name: 'Publish summary' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('The summary was published to the client.')).toBeVisible();
}

export async function staffLogout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
}

/** The e-mails to one address received since `since`, by their raw text. */
export function mailsTo(mailbox: Mailbox, to: string, since = 0) {
  return mailbox.received.slice(since).filter((m) => m.to.includes(to.toLowerCase()));
}

/**
 * The 6-digit code in the newest e-mail to `to` since `since` that carries one (`pattern`'s first group:
 * by default any 6 digits standing alone), waiting for it to arrive.
 */
export async function codeFor(
  mailbox: Mailbox,
  to: string,
  since: number,
  pattern: RegExp = /\b(\d{6})\b/,
): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const bodies = mailsTo(mailbox, to, since).map((m) => m.body.replace(/=\r?\n/g, ''));
        code = bodies.map((body) => pattern.exec(body)?.[1]).findLast(Boolean) ?? '';
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * A signed-in analyst invites a client who phoned (the console's "Invite a client"): the client's file opens,
 * assigned to that analyst. Answers the file's address and the e-mailed set-password link.
 */
export async function inviteClient(
  staff: Page,
  mailbox: Mailbox,
  client: { firstName: string; lastName: string; email: string; phone: string },
): Promise<{ fileUrl: URL; link: URL }> {
  await staff.goto('/staff/queues');
  await staff.getByRole('button', { name: 'Invite a client' }).click();
  const invite = staff.getByRole('form', { name: 'Invite a client' });
  await invite.getByLabel('First name').fill(client.firstName);
  await invite.getByLabel('Last name').fill(client.lastName);
  await invite.getByLabel('E-mail').fill(client.email);
  await invite.getByLabel('Phone number').fill(client.phone);
  const since = mailbox.received.length;
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(staff).toHaveURL(/\/staff\/clients\/[0-9a-f-]{36}$/);
  const fileUrl = new URL(staff.url());
  return { fileUrl, link: await mailbox.link(client.email, 'resetpasswordlink', since) };
}
