// expect from Playwright itself, as in the helpers below: fixtures.ts builds its staffDesk fixture on this file.
import { expect, type Browser, type Page } from '@playwright/test';
import { VIEWPORTS } from './files.ts';
import type { Mailbox } from './mailbox.ts';
import { PASSWORD } from './portal.ts';
import type { AppServer } from './server.ts';
import { staffSessionInto } from './staff-sessions.ts';
import { inviteClient, setPasswordThroughLink, type Authenticator, type staffFromCli } from './staff.ts';

export type StaffMember = Parameters<typeof staffFromCli>[1];

/** Journeys that many specs start with: a staff member at a desk, a client invited by staff. */

/** A staff member to sign in (staffDesk): their role, their sign-in e-mail, and their first and last name. */
export function staffMember(
  role: StaffMember['role'],
  email: string,
  fullName: `${string} ${string}`,
): StaffMember {
  const [firstName = '', lastName = ''] = fullName.split(' ');
  return { email, role, firstName, lastName };
}

/**
 * A staff member signed in at a desk of their own (unless `viewport` says otherwise), for specs that are not
 * about signing in: invited by the firm's owner and through the first login by the calls
 * (support/staff-sessions.ts), so the browser opens on the console. Close it with `page.context().close()`.
 */
export async function staffDesk(
  { browser, server, mailbox }: { browser: Browser; server: AppServer; mailbox: Mailbox },
  who: StaffMember,
  viewport: { width: number; height: number } = VIEWPORTS.desk,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport });
  const staff = await context.newPage();
  await staffConsole(staff, server, mailbox, who);
  return staff;
}

/** The same on a page the test already has: the member's session goes into its browser, which opens the console. */
export async function staffConsole(
  page: Page,
  server: AppServer,
  mailbox: Mailbox,
  who: StaffMember,
): Promise<Authenticator> {
  // The firm's owner comes from the command line once per worker, which restarts the app on the embedded
  // database: the page waits off the app meanwhile (as staffFromCliOffPage has it).
  await page.goto('about:blank');
  const authenticator = await staffSessionInto(page.context(), server, mailbox, who);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff$/);
  return authenticator;
}

/**
 * The signed-in `staff` member invites a client who phoned (the file is theirs), and the client sets a
 * password from the e-mailed link on `page`. Answers the file's address.
 */
export async function invitedClient(
  page: Page,
  staff: Page,
  mailbox: Mailbox,
  who: Parameters<typeof inviteClient>[2],
  password = PASSWORD,
): Promise<{ fileUrl: URL }> {
  const { fileUrl, link } = await inviteClient(staff, mailbox, who);
  await setPasswordThroughLink(page, link, password);
  return { fileUrl };
}

/** On a client's file, still unassigned: the signed-in analyst takes it (the triage view's one button). */
export async function takeFile(staff: Page, clientId: string): Promise<void> {
  await staff.goto(`/staff/clients/${clientId}`);
  await staff
    .getByRole('region', { name: 'Waiting to be assigned' })
    .getByRole('button', { name: 'Take this file' })
    .click();
  // Taken once the file says so: a spec that leaves the page at once would cancel the call in flight.
  await expect(staff.getByText('This file is assigned to you.')).toBeVisible();
}

/**
 * On a client's file: opens one of its tabs from the tab bar (each tab is a link to its own URL) and waits
 * until it is the current one.
 */
export async function openFileTab(
  staff: Page,
  tab:
    | 'Overview'
    | 'Checklist'
    | 'Organizer'
    | 'Documents'
    | 'Messages'
    | 'Signatures'
    | 'Billing'
    | 'Profile'
    | 'History'
    | 'Notes'
    | 'Account',
): Promise<void> {
  const link = staff
    .getByRole('navigation', { name: 'Client file' })
    .getByRole('link', { name: tab, exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
}
