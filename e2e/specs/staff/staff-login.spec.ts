import { expect, test } from '../../support/fixtures.ts';
import { openFileTab } from '../../support/journeys.ts';
import { loginThroughPanel, verifiedAccount } from '../../support/portal.ts';
import {
  Authenticator,
  publishSummary,
  setPasswordThroughLink,
  STAFF_PASSWORD,
  staffFromCliOffPage,
  staffLogout,
} from '../../support/staff.ts';

test.describe('staff sign-in', () => {
  // Refusals the tests ask for: the console's guard without a staff session (401, or 403 for a client) and a
  // wrong password (401). The browser notes each refused request in its console.
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test('an admin created from the command line sets a password, enrols an authenticator app and reaches the work queues', async ({
    page,
    server,
    mailbox,
    checkA11y,
  }) => {
    // A whole first day's journey: the command line, a password, enrolment, the queues and a client's file.
    // A long journey (now through the file's tabs and My work): past 90 s on a slower two-core host (2026-11-29).
    test.setTimeout(300_000);
    // A new client waits in To Be Assigned.
    await verifiedAccount(page, mailbox, 'queued.client@example.com');

    const setup = await staffFromCliOffPage(page, server, {
      email: 'ada@firm.example',
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Shah',
    });

    // The console is closed to visitors.
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff\/login$/);

    await setPasswordThroughLink(page, setup);

    await page.goto('/staff/login');
    const login = page.getByRole('form', { name: 'Staff login' });
    await checkA11y(page);
    await login.getByLabel(/^Password/).fill('a wrong passphrase!');
    await login.getByLabel(/^Email/).fill('ada@firm.example');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login.getByText('Invalid credentials, Please try again.')).toBeVisible();
    await login.getByLabel(/^Password/).fill(STAFF_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();

    // First login: an authenticator app must be set up; there is no way around it.
    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await checkA11y(page);
    const confirm = page.getByRole('form', { name: 'Confirm two-step verification' });
    const authenticator = new Authenticator((await page.getByTestId('mfa-secret').innerText()).trim());
    await confirm.getByLabel(/^6-digit code/).fill(await authenticator.code());
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await checkA11y(page);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();

    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByTestId('staff-identity')).toHaveText('Ada Shah (admin)');
    // The console opens on My work; the queues have a page of their own.
    await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Work queues' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Work queues' })).toBeVisible();
    const queues = page.getByRole('region', { name: 'Queues by file status' });
    // (The worker's app is shared with other specs: other clients may be queued too.)
    await expect(queues.getByRole('button', { name: /^All\s*\d+$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(queues.getByRole('button', { name: /^To Be Assigned\s*[1-9]\d*$/ })).toBeVisible();
    await expect(queues.getByRole('button', { name: /^Cancel Filing\s*0$/ })).toBeVisible();
    const row = page.getByRole('row', { name: /queued\.client@example\.com/ });
    await expect(row).toContainText('queued.client@example.com');
    await expect(row).toContainText('+1 (469)-555-0100');
    await expect(row).toContainText('Not assigned');
    await checkA11y(page);
    await queues.getByRole('button', { name: /^Cancel Filing/ }).click();
    await expect(page.getByRole('cell', { name: 'No clients in this queue.' })).toBeVisible();
    await queues.getByRole('button', { name: /^To Be Assigned/ }).click();
    await expect(row).toBeVisible();
    await page.getByLabel('Search').fill('nobody-like-this');
    await expect(page.getByRole('cell', { name: 'No clients in this queue.' })).toBeVisible();
    await page.getByLabel('Search').fill('queued.client');
    await expect(row).toBeVisible();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: 'Name' }).click();
    await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    // The client's file: a file number, the analyst, a status change with its comment in the history.
    await row.getByRole('link', { name: 'Ravi Kumar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible();
    await checkA11y(page);
    // The number and the account are on the Account tab.
    await openFileTab(page, 'Account');
    const numberForm = page.getByRole('form', { name: 'File number' });
    await numberForm.getByLabel(/^File number/).fill('TF 1');
    await numberForm.getByRole('button', { name: 'Save file number' }).click();
    await expect(
      numberForm.getByText('Use letters, digits, dashes, underscores and slashes (up to 30 characters).'),
    ).toBeVisible();
    await numberForm.getByLabel(/^File number/).fill('TF-2025-0001');
    await numberForm.getByRole('button', { name: 'Save file number' }).click();
    await expect(numberForm.getByText('The file number was saved.')).toBeVisible();
    await expect(page.getByText('File number TF-2025-0001')).toBeVisible();

    // A reset link goes to the client by e-mail; staff never see it.
    const resetMailsBefore = mailbox.received.length;
    await page.getByRole('button', { name: 'Send password-reset link' }).click();
    // Asked first, naming the address; Cancel sends nothing.
    const resetDialog = page.getByRole('dialog', {
      name: 'Send a password-reset link to queued.client@example.com?',
    });
    await expect(resetDialog).toContainText('Ravi Kumar is e-mailed a link to set a new password');
    await resetDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(resetDialog).toBeHidden();
    await expect(page.getByText('A password-reset link was e-mailed to the client.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send password-reset link' }).click();
    await resetDialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(resetDialog).toBeHidden();
    await expect(page.getByText('A password-reset link was e-mailed to the client.')).toBeVisible();
    await expect(page.getByText(/resetpasswordlink/)).toHaveCount(0);
    await expect
      .poll(() =>
        mailbox.received
          .slice(resetMailsBefore)
          .some((m) => m.to.includes('queued.client@example.com') && m.body.includes('/resetpasswordlink/')),
      )
      .toBe(true);

    // The analyst and the status on the Overview.
    await openFileTab(page, 'Overview');
    const analyst = page.getByRole('region', { name: 'Analyst' });
    await analyst.getByLabel('Assigned analyst').selectOption({ label: 'Ada Shah (admin)' });
    await analyst.getByRole('button', { name: 'Assign' }).click();
    await expect(analyst.getByText('The analyst was assigned.')).toBeVisible();

    const statusForm = page.getByRole('form', { name: 'Change status' });
    await statusForm.getByLabel('New status').selectOption('Basic Info Pending');
    await statusForm.getByRole('button', { name: 'Change status' }).click();
    await expect(statusForm.getByText('A comment is required')).toBeVisible();
    await statusForm.getByLabel(/^Comment/).fill('Welcome call done');
    const mailsBefore = mailbox.received.length;
    await statusForm.getByRole('button', { name: 'Change status' }).click();
    await expect(statusForm.getByText('The file status was changed.')).toBeVisible();
    await openFileTab(page, 'History');
    const latest = page.getByRole('region', { name: 'Status history' }).locator('tbody tr').first();
    await expect(latest).toContainText('Basic Info Pending');
    await expect(latest).toContainText('Welcome call done');
    await expect(latest).toContainText('Ada Shah');
    await expect
      .poll(() =>
        mailbox.received
          .slice(mailsBefore)
          .some(
            (m) =>
              m.to.includes('queued.client@example.com') &&
              m.body.includes('Please complete your tax profile'),
          ),
      )
      .toBe(true);
    await checkA11y(page);

    // A tax summary (on the Documents tab): uploaded as a draft, published; the client is e-mailed and sees it.
    await openFileTab(page, 'Documents');
    const summaries = page.getByRole('form', { name: 'Upload a tax summary' });
    await summaries.getByRole('button', { name: 'Upload as draft' }).click();
    await expect(summaries.getByText('Title is required')).toBeVisible();
    await publishSummary(page);
    await expect(
      page.getByRole('region', { name: 'Tax summaries' }).getByText('Published', { exact: true }),
    ).toBeVisible();
    await expect
      .poll(() =>
        mailbox.received.some(
          (m) => m.to.includes('queued.client@example.com') && m.body.includes('2025 Federal summary'),
        ),
      )
      .toBe(true);
    await checkA11y(page);
    await staffLogout(page);
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff\/login$/);

    // The client sees the new status and the published summary.
    await page.goto('/');
    await loginThroughPanel(page, 'queued.client@example.com');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('banner').getByText('Basic Info Pending')).toBeVisible();
    await page.goto('/user/tax-summary');
    await expect(page.getByRole('cell', { name: '2025 Federal summary', exact: true })).toBeVisible();
  });

  test('a client cannot sign in as staff, and a client session does not open the console', async ({
    page,
    mailbox,
  }) => {
    const email = 'client.not.staff@example.com';
    await verifiedAccount(page, mailbox, email);
    await page.goto('/staff/login');
    const login = page.getByRole('form', { name: 'Staff login' });
    await login.getByLabel(/^Email/).fill(email);
    await login.getByLabel(/^Password/).fill('correct horse battery');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login.getByText('Invalid credentials, Please try again.')).toBeVisible();

    await page.goto('/');
    await loginThroughPanel(page, email);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff\/login$/);
  });
});
