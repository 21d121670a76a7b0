import type { Browser } from '@playwright/test';
import { VIEWPORTS } from './files.ts';
import type { Page } from './fixtures.ts';
import type { Mailbox } from './mailbox.ts';
import { PASSWORD } from './portal.ts';
import type { AppServer } from './server.ts';
import { inviteClient, setPasswordThroughLink, staffFromCliFirstLogin } from './staff.ts';

/** Journeys that many specs start with: a staff member at a desk, a client invited by staff. */

/**
 * A staff member made from the command line, signed in for the first time in a browser of their own (a desk
 * unless `viewport` says otherwise). Close it with `page.context().close()`.
 */
export async function staffDesk(
  browser: Browser,
  server: AppServer,
  who: Parameters<typeof staffFromCliFirstLogin>[2],
  viewport: { width: number; height: number } = VIEWPORTS.desk,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport });
  const staff = await context.newPage();
  await staffFromCliFirstLogin(staff, server, who);
  return staff;
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
}
