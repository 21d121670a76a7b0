/**
 * My work on the demo firm (issue 35): `npm run db:seed` on an app of its own, then an analyst's day: the
 * counts by kind, an upload reviewed from the list on the file's Checklist tab, a message answered, every tab
 * of a client file at both widths, an extension an admin records moving the due date everywhere, and the idle
 * threshold in Settings.
 */
import type { Browser, Page } from '@playwright/test';
import { FILE_STATUSES } from '@taxfirm/contract';
import { sql } from '@taxfirm/db';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { Mailbox } from '../../support/mailbox.ts';
import { answerConsentsOnScreen, loginThroughPanel } from '../../support/portal.ts';
import { ruleDatesOf } from '../../support/due-dates.ts';
import { AppServer } from '../../support/server.ts';
import { firstStaffLogin } from '../../support/staff.ts';
import { loginsOf, type DemoLogin } from '../../support/demo-firm.ts';

type Login = DemoLogin;

/** How many rows My work shows for a date due on `shown` (MM-DD-YYYY): one from 14 days before it on. */
function rowsWhenDue(shown: string): number {
  const [month, day, year] = shown.split('-');
  const due = Date.parse(`${year}-${month}-${day}T00:00:00Z`);
  return Number(due <= Date.now() + 14 * 86_400_000);
}

/** The client file's tabs, in order (apps/web's CLIENT_FILE_TAB_LABELS), and their addresses' ends. */
const CLIENT_FILE_TABS: [label: string, path: string][] = [
  // The Overview is the file's own address.
  ['Overview', ''],
  ...[
    'Checklist',
    'Organizer',
    'Documents',
    'Messages',
    'Signatures',
    'Billing',
    'Profile',
    'History',
    'Notes',
    'Account',
  ].map((label): [string, string] => [label, `/${label.toLowerCase()}`]),
];

/** The number a kind's filter button shows: "Uploads to review (3)" is 3. */
async function countOf(page: Page, label: string): Promise<number> {
  const button = page.getByRole('navigation', { name: 'Kinds of work' }).getByRole('button', {
    name: new RegExp(`^${label} \\(\\d+\\)$`),
  });
  const text = (await button.textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1]);
}

test.describe('My work on the demo firm', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(360_000);
  // The console's guard answers 401 before the logins.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  const mailbox = new Mailbox();
  let server: AppServer;
  let staff: Login[];
  let clientPassword: string;
  /** The analyst with the most waiting uploads and open conversations, and the data behind the steps. */
  let pick: {
    analyst: Login;
    analystId: string;
    extendClient: { email: string; name: string };
    taxYear: number;
  };

  test.beforeAll(async () => {
    test.setTimeout(360_000);
    await mailbox.start();
    server = new AppServer({ SMTP_URL: mailbox.url });
    await server.start();
    const seeded = await server.runCli('apps/server/src/cli/db-seed.ts', ['--clients', '120']);
    expect(seeded.status, seeded.stderr).toBe(0);
    ({ staff, clientPassword } = loginsOf(seeded.stdout));
    const chosen = await server.withDatabase(async (db) => {
      const year = await db.execute(sql`select current_tax_year as y from site_settings`);
      const taxYear = Number((year as unknown as { rows: { y: number }[] }).rows[0]?.y);
      const busiest = await db.execute(sql`
        select u.email, u.id from users u
        where u.role = 'analyst'
          and exists (select 1 from filings f join request_items ri on ri.filing_id = f.id
            where f.assigned_to = u.id and f.tax_year = ${taxYear} and ri.status = 'uploaded' and ri.removed_at is null)
          and exists (select 1 from filings f join message_threads t on t.client_id = f.client_id
            where f.assigned_to = u.id and f.tax_year = ${taxYear} and t.status = 'open')
        order by u.email limit 1`);
      // A file of that analyst under way with no deliverable but the federal return, not extended.
      const top = (busiest as unknown as { rows: { email: string; id: string }[] }).rows[0];
      const email = top?.email ?? '';
      const plain = await db.execute(sql`
        select cu.email, c.first_name || ' ' || c.last_name as name from filings f
        join users u on u.id = f.assigned_to join clients c on c.id = f.client_id join users cu on cu.id = c.user_id
        where f.tax_year = ${taxYear} and u.email = ${email} and not f.extended
          and f.status in ('Interview Pending', 'Docs Upload Pending', 'Preparation Pending', 'Review Pending')
          and not exists (select 1 from deliverables d where d.filing_id = f.id)
        order by c.last_name limit 1`);
      const client = (plain as unknown as { rows: { email: string; name: string }[] }).rows[0];
      return { email, id: top?.id ?? '', client, taxYear };
    });
    const analyst = staff.find((s) => s.email === chosen.email);
    expect(analyst, 'an analyst with uploads and messages waiting').toBeDefined();
    expect(chosen.client, 'a plain file of theirs').toBeDefined();
    pick = {
      analyst: analyst as Login,
      analystId: chosen.id,
      extendClient: chosen.client as { email: string; name: string },
      taxYear: chosen.taxYear,
    };
  });

  test.afterAll(async () => {
    await server.dispose();
    await mailbox.stop();
  });

  const desk = async (browser: Browser, who: Login, viewport = VIEWPORTS.desk) => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport });
    const page = await context.newPage();
    const authenticator = await firstStaffLogin(page, who.email, who.password);
    return { page, authenticator };
  };

  test('an analyst works the list: an upload accepted on its Checklist tab and a message answered leave it', async ({
    browser,
    checkA11y,
  }) => {
    const { page } = await desk(browser, pick.analyst);
    await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
    const uploads = await countOf(page, 'Uploads to review');
    const messages = await countOf(page, 'Unanswered messages');
    expect(uploads).toBeGreaterThan(0);
    expect(messages).toBeGreaterThan(0);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);

    // The oldest waiting upload: its action opens the file's Checklist tab at the item.
    const kinds = page.getByRole('navigation', { name: 'Kinds of work' });
    await kinds.getByRole('button', { name: /^Uploads to review/ }).click();
    const list = page.getByRole('table', { name: 'My work' });
    await expect(list.getByRole('row')).toHaveCount(uploads + 1);
    const first = list.getByRole('row').nth(1);
    const review = first.getByRole('link', { name: /^Review upload: / });
    const client =
      /^Review upload: ([^,]+),/.exec((await review.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    await review.click();
    await expect(page).toHaveURL(/\/staff\/clients\/[^/]+\/checklist\?focus=/);
    await expect(page.getByRole('heading', { level: 1, name: client })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Client file' });
    await expect(tabs.getByRole('link', { name: 'Checklist' })).toHaveAttribute('aria-current', 'page');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Accept Mortgage interest (1098)' }).click();
    await expect(page.getByRole('button', { name: 'Reopen Mortgage interest (1098)' })).toBeVisible();

    // Back in My work, the row has left.
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'My work' })
      .click();
    await expect.poll(() => countOf(page, 'Uploads to review')).toBe(uploads - 1);

    // The oldest unanswered conversation: answered on the file's Messages tab.
    await kinds.getByRole('button', { name: /^Unanswered messages/ }).click();
    const answer = list
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: /^Answer: / });
    const writer = /^Answer: ([^,]+),/.exec((await answer.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    await answer.click();
    await expect(page).toHaveURL(/\/staff\/clients\/[^/]+\/messages$/);
    await expect(tabs.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    await checkA11y(page);
    const reply = page.getByRole('form', { name: `Reply to ${writer}` });
    await reply.getByLabel(/^Message/).fill('Thank you, we have what we need for now.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Thank you, we have what we need for now.')).toBeVisible();
    // The browser's Back button lands on the list as it was left.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
    await expect.poll(() => countOf(page, 'Unanswered messages')).toBe(messages - 1);
    await page.context().close();
  });

  test('the filtered queues and every tab of a client file have no axe-core violations at 1280 and 390 px; the tabs work from the keyboard', async ({
    browser,
    checkA11y,
  }) => {
    // Another analyst than the first test's (each login here is a first login, with its enrolment).
    const analyst = staff.find((s) => s.role === 'analyst' && s.email !== pick.analyst.email) as Login;
    const { page } = await desk(browser, analyst);
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Work queues' })
      .click();
    // The queues, filtered, at both widths.
    await page.getByLabel('Waiting on').selectOption('The client');
    await expect(page.getByLabel('Waiting on')).toHaveValue('client');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    const tabs = page.getByRole('navigation', { name: 'Client file' });
    for (const [label, path] of CLIENT_FILE_TABS) {
      const link = tabs.getByRole('link', { name: label, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveURL(new RegExp(`/staff/clients/[^/]+${path}$`));
      await checkA11y(page);
      await page.setViewportSize(VIEWPORTS.phone);
      await checkA11y(page);
      await page.setViewportSize(VIEWPORTS.desk);
    }
    await page.context().close();
  });

  test("an admin records an extension: the federal date moves to October 15 in the queue, My work and the client's dashboard; the idle threshold changes My work", async ({
    browser,
    checkA11y,
  }) => {
    const admin = staff.find((s) => s.role === 'admin') as Login;
    const { page } = await desk(browser, admin);
    const dates = ruleDatesOf(pick.taxYear);
    const { email, name } = pick.extendClient;
    const consoleNav = page.getByRole('navigation', { name: 'Staff console' });

    // The queue finds the file; its Overview holds the deliverables.
    await consoleNav.getByRole('link', { name: 'Work queues' }).click();
    await page.getByLabel('Search').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(dates.april);
    await checkA11y(page);
    await row.getByRole('link', { name }).click();
    const section = page.getByRole('region', { name: 'Deliverables' });
    await section.getByRole('button', { name: 'Edit Federal return (Form 1040)' }).click();
    const edit = page.getByRole('form', { name: 'Edit Federal return (Form 1040)' });
    await edit.getByLabel('Extension recorded (Form 4868 filed)').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('row', { name: /Federal return/ })).toContainText(dates.october);

    // The queue's next due date.
    await consoleNav.getByRole('link', { name: 'Work queues' }).click();
    await page.getByLabel('Search').fill(email);
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(dates.october);

    // The analyst's My work, as the admin sees it: the federal return due October 15.
    await consoleNav.getByRole('link', { name: 'My work' }).click();
    await page.getByLabel('Whose work').selectOption(pick.analystId);
    // (The counts follow the switch.)
    await expect
      .poll(() => countOf(page, 'Idle files'), { message: 'the demo has idle files' })
      .toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Kinds of work' })
      .getByRole('button', { name: /^Due within 14 days/ })
      .click();
    // Listed from 14 days before the date (and while overdue): in late autumn, not in spring.
    const due = page
      .getByRole('table', { name: 'My work' })
      .getByRole('row')
      .filter({ hasText: name })
      .filter({ hasText: 'Federal return (Form 1040) due' })
      .filter({ hasText: dates.october });
    await expect(due).toHaveCount(rowsWhenDue(dates.october));
    await checkA11y(page);

    // The idle threshold: 0 for every status, and My work lists no idle file.
    await consoleNav.getByRole('link', { name: 'Settings' }).click();
    for (const status of FILE_STATUSES) await page.getByLabel(`${status} (days)`, { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The settings were saved.')).toBeVisible();
    await consoleNav.getByRole('link', { name: 'My work' }).click();
    await page.getByLabel('Whose work').selectOption(pick.analystId);
    await expect.poll(() => countOf(page, 'Idle files')).toBe(0);
    await page.context().close();

    // The client's dashboard.
    const context = await browser.newContext({ baseURL: server.baseURL });
    const client = await context.newPage();
    await client.goto('/');
    await loginThroughPanel(client, email, clientPassword);
    await answerConsentsOnScreen(client, 'Yes', name);
    await expect(
      client.getByText(`We filed an extension for your federal return, so it is now due ${dates.october}.`, {
        exact: false,
      }),
    ).toBeVisible();
    await context.close();
  });
});
