/**
 * Bulk actions on the demo firm (issue 36): `npm run db:seed` on an app of its own; an admin assigns every
 * file in To Be Assigned in turn to two analysts (a reload mid-job shows its progress), moves chosen files to
 * Preparation Pending with each client e-mailed once, resumes the demo's invoice automation so that files moved
 * to Payment Pending each get their invoice (the client told once), and an analyst's bulk action on files they
 * may not work lists them as skipped.
 */
import type { Browser, Page } from '@playwright/test';
import { sql } from '@taxfirm/db';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { startDemoFirm, type DemoLogin } from '../../support/demo-firm.ts';
import type { Mailbox } from '../../support/mailbox.ts';
import type { AppServer } from '../../support/server.ts';
import { firstStaffLogin } from '../../support/staff.ts';

type Login = DemoLogin;

test.describe('Bulk actions on the demo firm', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(360_000);
  test.use({ allowedConsoleErrors: [/status of 401/] });

  let firm: Awaited<ReturnType<typeof startDemoFirm>>;
  let mailbox: Mailbox;
  let server: AppServer;
  let staff: Login[];
  let taxYear: number;
  /** The admin's desk, signed in once (a later sign-in is not a first login) and kept for the next tests. */
  let adminPage: Page | undefined;

  test.beforeAll(async () => {
    test.setTimeout(360_000);
    firm = await startDemoFirm(80);
    ({ mailbox, server, staff, taxYear } = firm);
  });

  test.afterAll(async () => {
    await adminPage?.context().close();
    await firm.dispose();
  });

  const desk = async (browser: Browser, who: Login, viewport = VIEWPORTS.desk) => {
    if (who.role === 'admin' && adminPage) {
      await adminPage.goto('/staff/queues');
      return adminPage;
    }
    const context = await browser.newContext({ baseURL: server.baseURL, viewport });
    const page = await context.newPage();
    await firstStaffLogin(page, who.email, who.password);
    if (who.role === 'admin') adminPage = page;
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Work queues' })
      .click();
    return page;
  };
  /** Each To Be Assigned file's analyst, in the queue's order (last update, newest first), by e-mail. */
  const ownersOf = (clientIds: string[]) =>
    server.withDatabase(async (db) => {
      const rows = await db.execute(sql`select f.client_id, u.email from filings f
        left join users u on u.id = f.assigned_to
        where f.tax_year = ${taxYear} and f.client_id in ${sql.raw(`('${clientIds.join("','")}')`)}`);
      const byClient = new Map(
        (rows as unknown as { rows: { client_id: string; email: string | null }[] }).rows.map((r) => [
          r.client_id,
          r.email,
        ]),
      );
      return clientIds.map((id) => byClient.get(id) ?? null);
    });

  test('an admin saves To Be Assigned as a view, opens it from the menu and assigns every file matching in turn to two analysts; a reload shows the job', async ({
    browser,
    checkA11y,
  }) => {
    const admin = staff.find((s) => s.role === 'admin') as Login;
    const [first, second] = staff.filter((s) => s.role === 'analyst');
    const page = await desk(browser, admin);
    await page.getByRole('button', { name: /^To Be Assigned/ }).click();
    const table = page.getByRole('table');
    await expect(table.locator('caption')).toContainText(': To Be Assigned,');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const caption = (await table.locator('caption').textContent()) ?? '';
    const matching = Number(/^(\d+) clients?/.exec(caption)?.[1]);
    expect(matching).toBeGreaterThan(1);
    // The queue's files in its order, before anything moves.
    const clientIds = await server.withDatabase(async (db) => {
      const rows = await db.execute(sql`select client_id from filings
        where tax_year = ${taxYear} and status = 'To Be Assigned' order by updated_at desc, id desc`);
      return (rows as unknown as { rows: { client_id: string }[] }).rows.map((r) => r.client_id);
    });
    expect(clientIds).toHaveLength(matching);

    // The queue saved as a view, opened again from the console's menu with its count.
    await page.getByLabel('Save these filters, order and columns as').fill('To assign');
    await page.getByRole('button', { name: 'Save view' }).click();
    const views = page.getByRole('navigation', { name: 'Saved views' });
    await page.getByRole('link', { name: 'My work' }).first().click();
    await views.getByRole('link', { name: `To assign (${matching})` }).click();
    await expect(table.locator('caption')).toContainText(`${matching} clients: To Be Assigned,`);

    // One row chosen, then every file the view matches.
    await table.getByRole('row').nth(1).getByRole('checkbox').check();
    const bulk = page.getByRole('region', { name: /selected|matching/ });
    await bulk.getByRole('button', { name: `Select all ${matching} files matching the filter` }).click();
    await expect(bulk).toContainText(`Every file matching the filter: ${matching} files`);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);

    const nameOf = async (login: Login) =>
      server.withDatabase(async (db) => {
        const rows = await db.execute(
          sql`select first_name || ' ' || last_name as name from users where email = ${login.email}`,
        );
        return (rows as unknown as { rows: { name: string }[] }).rows[0]?.name ?? '';
      });
    const [firstName, secondName] = [await nameOf(first as Login), await nameOf(second as Login)];
    await bulk.getByRole('checkbox', { name: `${firstName} (analyst)` }).check();
    await bulk.getByRole('checkbox', { name: `${secondName} (analyst)` }).check();
    await bulk.getByRole('button', { name: 'Review and run' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign: ${matching} files?` });
    await expect(dialog).toContainText(`assigned in turn to ${firstName}, ${secondName}`);
    await checkA11y(page);
    await dialog.getByRole('button', { name: `Assign (${matching} files)` }).click();

    // The job is in the address: a reload shows its progress (or its end), never nothing.
    await expect(page).toHaveURL(/[?&]bulk=[0-9a-f-]{36}/);
    await page.reload();
    const progress = page.getByRole('region', { name: /Assign in turn to/ });
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(`${matching} of ${matching} files handled: ${matching} done`, {
      timeout: 30_000,
    });
    await checkA11y(page);

    const owners = await ownersOf(clientIds);
    expect(owners).toEqual(clientIds.map((_, i) => (i % 2 === 0 ? first?.email : second?.email)));
    // The queue is read again: every file now names its analyst (assigning leaves the status as it is).
    await expect(table.getByRole('row').nth(1)).toContainText(new RegExp(`${firstName}|${secondName}`));
    await expect(table).not.toContainText('Not assigned');
  });

  test('an admin moves chosen files to Preparation Pending: each client gets exactly one e-mail; the season report counts them', async ({
    browser,
    checkA11y,
  }) => {
    const admin = staff.find((s) => s.role === 'admin') as Login;
    const page = await desk(browser, admin);
    await page.getByRole('button', { name: /^Docs Upload Pending/ }).click();
    await expect(page.getByRole('table').locator('caption')).toContainText(': Docs Upload Pending,');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const count = Math.min(20, (await rows.count()) - 1);
    const emails: string[] = [];
    for (let i = 1; i <= count; i += 1) {
      await rows.nth(i).getByRole('checkbox').check();
      emails.push(((await rows.nth(i).getByRole('cell').nth(3).textContent()) ?? '').trim().toLowerCase());
    }
    const bulk = page.getByRole('region', { name: /selected/ });
    await bulk.getByLabel('Bulk action').selectOption('status');
    await bulk.getByLabel('New status').selectOption('Preparation Pending');
    await bulk.getByLabel("Comment for each file's history").fill('Documents are complete');
    const since = mailbox.received.length;
    const startedAt = Date.now() - 1_000;
    await bulk.getByRole('button', { name: 'Review and run' }).click();
    const dialog = page.getByRole('dialog', { name: `Change the status: ${count} files?` });
    await expect(dialog).toContainText('Each client is e-mailed once');
    await dialog.getByRole('button', { name: `Change the status (${count} files)` }).click();
    const progress = page.getByRole('region', { name: /Change the status to Preparation Pending/ });
    await expect(progress).toContainText(`${count} of ${count} files handled: ${count} done`, {
      timeout: 30_000,
    });
    // Every e-mail is queued in its file's transaction, so the outbox is whole once the job is: exactly one
    // status e-mail per chosen client since the job started, none to anyone else, and each arrives. (The demo's
    // checklist reminders may write to any client meanwhile: their first pass runs two minutes after start.)
    const subject = `Your ${taxYear} tax file: Preparation Pending`;
    const queued = await server.withDatabase(async (db) => {
      const rows = await db.execute(sql`select lower("to") as "to" from email_outbox
        where created_at >= ${new Date(startedAt).toISOString()}::timestamptz and subject = ${subject}`);
      return (rows as unknown as { rows: { to: string }[] }).rows.map((r) => r.to);
    });
    expect([...queued].sort()).toEqual([...emails].sort());
    await expect
      .poll(
        () =>
          mailbox.received
            .slice(since)
            .filter((mail) => mail.body.includes(`Subject: ${subject}`))
            .flatMap((mail) => mail.to)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual([...emails].sort());

    // The season report counts them: Preparation Pending holds at least the files just moved.
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Season report' })
      .click();
    const byStatus = page.getByRole('region', { name: /^By status/ });
    const preparation = byStatus.getByRole('row', { name: /^Preparation Pending/ });
    await expect(preparation).toBeVisible();
    const files = Number((await preparation.getByRole('cell').first().textContent()) ?? '0');
    expect(files).toBeGreaterThanOrEqual(count);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
  });

  test("an admin resumes the demo's invoice automation; files moved to Payment Pending each get the price list's invoice, the client told once", async ({
    browser,
    checkA11y,
  }) => {
    const admin = staff.find((s) => s.role === 'admin') as Login;
    const page = await desk(browser, admin);
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Automations' })
      .click();
    const rule = page.getByRole('row', { name: /^Invoice the federal return/ });
    await expect(rule).toContainText('Send an invoice for Federal return (Form 1040)');
    await expect(rule).toContainText('Paused');
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await rule.getByRole('button', { name: 'Resume Invoice the federal return' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The automation is running' })).toBeVisible();
    await expect(rule).toContainText('Running');

    // Files ready to bill, moved together.
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Work queues' })
      .click();
    await page.getByRole('button', { name: /^Review Pending/ }).click();
    await expect(page.getByRole('table').locator('caption')).toContainText(': Review Pending,');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const count = Math.min(5, (await rows.count()) - 1);
    const emails: string[] = [];
    for (let i = 1; i <= count; i += 1) {
      await rows.nth(i).getByRole('checkbox').check();
      emails.push(((await rows.nth(i).getByRole('cell').nth(3).textContent()) ?? '').trim().toLowerCase());
    }
    const startedAt = new Date(Date.now() - 1_000).toISOString();
    const bulk = page.getByRole('region', { name: /selected/ });
    await bulk.getByLabel('Bulk action').selectOption('status');
    await bulk.getByLabel('New status').selectOption('Payment Pending');
    await bulk.getByLabel("Comment for each file's history").fill('Return reviewed');
    await bulk.getByRole('button', { name: 'Review and run' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Change the status (${count} files)` })
      .click();
    await expect(page.getByRole('region', { name: /Change the status to Payment Pending/ })).toContainText(
      `${count} of ${count} files handled: ${count} done`,
      { timeout: 30_000 },
    );

    // The automation runs in the background: each file gets one invoice, sent, for the federal return.
    const sentSince = () =>
      server.withDatabase(async (db) => {
        const rows = await db.execute(sql`select lower(u.email) as email, i.status, i.total_cents
          from invoices i inner join clients c on c.id = i.client_id inner join users u on u.id = c.user_id
          where i.created_at >= ${startedAt}::timestamptz`);
        return (rows as unknown as { rows: { email: string; status: string; total_cents: number }[] }).rows;
      });
    // First the rule's runs for the files moved: each done (a skipped or failed run says why here).
    const runsSince = () =>
      server.withDatabase(async (db) => {
        const rows = await db.execute(sql`select lower(u.email) as email, r.outcome, r.reason
          from automation_runs r inner join clients c on c.id = r.client_id inner join users u on u.id = c.user_id
          where r.created_at >= ${startedAt}::timestamptz order by u.email`);
        return (
          rows as unknown as { rows: { email: string; outcome: string | null; reason: string | null }[] }
        ).rows;
      });
    await expect
      .poll(runsSince, { timeout: 30_000 })
      .toEqual([...emails].sort().map((email) => ({ email, outcome: 'done', reason: null })));
    await expect
      .poll(async () => (await sentSince()).map((r) => r.email).sort(), { timeout: 30_000 })
      .toEqual([...emails].sort());
    expect((await sentSince()).every((r) => r.status === 'sent' && r.total_cents === 25_000)).toBe(true);
    // Each client: the status's e-mail and one invoice e-mail, nothing twice (a checklist reminder the demo's
    // scheduler may send meanwhile is neither).
    const mails = await server.withDatabase(async (db) => {
      const rows = await db.execute(sql`select lower("to") as "to", subject from email_outbox
        where created_at >= ${startedAt}::timestamptz`);
      return (rows as unknown as { rows: { to: string; subject: string }[] }).rows;
    });
    for (const email of emails) {
      const subjects = mails.filter((m) => m.to === email).map((m) => m.subject);
      expect(subjects.filter((s) => s === 'You have a new invoice')).toHaveLength(1);
      expect(subjects.filter((s) => s === `Your ${taxYear} tax file: Payment Pending`)).toHaveLength(1);
      expect(subjects.filter((s) => !/^\d{4}: \d+ open item\(s\)$/.test(s))).toHaveLength(2);
    }
    // The rule's last 30 days count them.
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Automations' })
      .click();
    await expect(rule).toContainText(`${count} done, 0 skipped, 0 failed`);
  });

  test("an analyst's bulk action on files they may not work lists each as skipped, with the reason", async ({
    browser,
    checkA11y,
  }) => {
    // Another To Be Assigned file for the triage queue (the first test emptied it).
    await server.withDatabase(async (db) => {
      await db.execute(sql`update filings set assigned_to = null, status = 'To Be Assigned'
        where id = (select id from filings where tax_year = ${taxYear} and status = 'Basic Info Pending' order by id limit 1)`);
    });
    const analyst = staff.filter((s) => s.role === 'analyst')[2] as Login;
    const page = await desk(browser, analyst);
    await page.getByRole('button', { name: /^To Be Assigned/ }).click();
    await expect(page.getByRole('table').locator('caption')).toContainText('1 client: To Be Assigned,');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await row.getByRole('checkbox').check();
    const bulk = page.getByRole('region', { name: /selected/ });
    await bulk.getByLabel('Bulk action').selectOption('status');
    await bulk.getByLabel('New status').selectOption('Interview Pending');
    await bulk.getByLabel("Comment for each file's history").fill('Called the client');
    await bulk.getByRole('button', { name: 'Review and run' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Change the status (1 file)' }).click();
    const progress = page.getByRole('region', { name: /Change the status to Interview Pending/ });
    await expect(progress).toContainText('1 of 1 files handled: 0 done, 1 skipped', { timeout: 30_000 });
    await expect(progress.getByRole('row').nth(1)).toContainText('Skipped');
    await expect(progress.getByRole('row').nth(1)).toContainText('This file is waiting to be assigned.');
    await checkA11y(page);
    await page.context().close();
  });
});
