import { expect, test } from '../../support/fixtures.ts';
import { openFileTab } from '../../support/journeys.ts';
import { loginThroughPanel, verifiedAccount } from '../../support/portal.ts';
import {
  firstStaffLogin,
  mailsTo,
  publishSummary,
  setPasswordThroughLink,
  staffFromCliFirstLogin,
  staffLogin,
  staffLogout,
} from '../../support/staff.ts';

const CLIENT = 'season.client@example.com';
const ADMIN = 'season.admin@firm.example';
const ANALYST = 'season.analyst@firm.example';

test.describe("a season's work in the staff console", () => {
  // The console's guard answers 401 between the logins; the browser notes each refused request.
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test('admin invites an analyst, who works a new client through to payment; the console and the audit log show it all', async ({
    page,
    server,
    mailbox,
    checkA11y,
  }) => {
    test.setTimeout(360_000);
    // A new client registers and waits in To Be Assigned.
    await verifiedAccount(page, mailbox, CLIENT);

    // The first admin comes from the command line and enrols an authenticator at the first login.
    const adminCodes = await staffFromCliFirstLogin(page, server, {
      email: ADMIN,
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Shah',
    });

    // The admin invites an analyst; the set-up link goes by e-mail and is never shown.
    const nav = page.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await checkA11y(page);
    const invite = page.getByRole('form', { name: 'Invite a staff member' });
    await invite.getByLabel(/^First name/).fill('Neha');
    await invite.getByLabel(/^Last name/).fill('Joshi');
    await invite.getByLabel(/^E-mail/).fill(ANALYST);
    await invite.getByLabel('Role').selectOption('analyst');
    const invitedSince = mailbox.received.length;
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByText(/The invitation was e-mailed/)).toBeVisible();
    await expect(page.getByText(/resetpasswordlink/)).toHaveCount(0);
    const neha = page.getByRole('row', { name: /Neha Joshi/ });
    await expect(neha).toContainText('Invited');
    await checkA11y(page);
    await staffLogout(page);

    // The analyst sets a password from the e-mail and must enrol an authenticator.
    const invitation = await mailbox.link(ANALYST, 'resetpasswordlink', invitedSince);
    await setPasswordThroughLink(page, invitation);
    await firstStaffLogin(page, ANALYST);
    await expect(page.getByTestId('staff-identity')).toHaveText('Neha Joshi (analyst)');
    // Admin pages are not in an analyst's menu.
    await expect(
      page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' }),
    ).toHaveCount(0);

    // The new client is in To Be Assigned (the console opens on My work; the queues have their own page).
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Work queues' })
      .click();
    const queues = page.getByRole('region', { name: 'Queues by file status' });
    await queues.getByRole('button', { name: /^To Be Assigned/ }).click();
    await page.getByLabel('Search').fill(CLIENT);
    const row = page.getByRole('row', { name: new RegExp(CLIENT.replaceAll('.', '\\.')) });
    await expect(row).toContainText('Not assigned');
    await row.getByRole('link', { name: 'Ravi Kumar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible();

    // Unassigned, it shows only its triage view (F-04): the analyst takes the file, gives it the suggested
    // number, moves it to Synopsys Pending.
    const triage = page.getByRole('region', { name: 'Waiting to be assigned' });
    await expect(triage.getByText(CLIENT)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Change status' })).toHaveCount(0);
    await triage.getByRole('button', { name: 'Take this file' }).click();
    const analystCard = page.getByRole('region', { name: 'Analyst' });
    await expect(analystCard.getByText('This file is assigned to you.')).toBeVisible();
    await openFileTab(page, 'Account');
    const numberForm = page.getByRole('form', { name: 'File number' });
    await numberForm.getByRole('button', { name: 'Suggest' }).click();
    await expect(numberForm.getByLabel(/^File number/)).toHaveValue(/\S+/);
    const fileNumber = await numberForm.getByLabel(/^File number/).inputValue();
    await numberForm.getByRole('button', { name: 'Save file number' }).click();
    await expect(numberForm.getByText('The file number was saved.')).toBeVisible();
    await expect(page.getByText(`File number ${fileNumber}`)).toBeVisible();

    await openFileTab(page, 'Overview');
    const statusForm = page.getByRole('form', { name: 'Change status' });
    await statusForm.getByLabel('New status').selectOption('Synopsys Pending');
    await statusForm.getByLabel(/^Comment/).fill('Return prepared; summary next');
    const statusSince = mailbox.received.length;
    await statusForm.getByRole('button', { name: 'Change status' }).click();
    await expect(statusForm.getByText('The file status was changed.')).toBeVisible();
    await openFileTab(page, 'History');
    const latest = page.getByRole('region', { name: 'Status history' }).locator('tbody tr').first();
    await expect(latest).toContainText('Synopsys Pending');
    await expect(latest).toContainText('Return prepared; summary next');
    await expect(latest).toContainText('Neha Joshi');

    // Publishes a tax summary.
    await openFileTab(page, 'Documents');
    await publishSummary(page);
    await checkA11y(page);
    await staffLogout(page);

    // The client was e-mailed both, without the staff comment.
    await expect
      .poll(() =>
        mailsTo(mailbox, CLIENT, statusSince)
          .map((m) => m.body)
          .join('\n'),
      )
      .toMatch(
        /tax file: Synopsys Pending[\s\S]*2025 Federal summary|2025 Federal summary[\s\S]*tax file: Synopsys Pending/,
      );
    expect(mailsTo(mailbox, CLIENT, statusSince).some((m) => m.body.includes('summary next'))).toBe(false);

    // The client sees the status, the bell with two unread, and the summary.
    await page.goto('/');
    await loginThroughPanel(page, CLIENT);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Synopsys Pending')).toBeVisible();
    await expect(banner.getByText(fileNumber)).toBeVisible();
    const bell = banner.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await expect(list.getByText(/tax file: Synopsys Pending/)).toBeVisible();
    await expect(list.getByText('Your tax summary is ready for review')).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(banner.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.goto('/user/tax-summary');
    await expect(page.getByRole('cell', { name: '2025 Federal summary', exact: true })).toBeVisible();

    // The client pays through the sandbox checkout.
    await banner.getByRole('link', { name: 'Make Payment' }).click();
    const payment = page.getByRole('form', { name: 'Make a payment' });
    await payment.getByLabel(/^Payment Amount \$/).fill('150.25');
    await payment.getByRole('button', { name: 'Make Payment' }).click();
    const checkout = page.getByRole('dialog', { name: /Sandbox checkout/ });
    await checkout.getByLabel(/^Card number/).pressSequentially('4111111111111111');
    await checkout.getByLabel(/^Expiry/).pressSequentially('1239');
    await checkout.getByLabel(/^CVV/).pressSequentially('123');
    await checkout.getByLabel(/^Name on card/).fill('Ravi Kumar');
    await checkout.getByRole('button', { name: 'Pay $150.25' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    await expect(banner.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await banner.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signed out (the home page) before the admin signs in: going on sooner can cancel the logout call.
    await expect(page).toHaveURL(/\/$/);

    // The admin sees the payment on the client's page and in the inbox, and every step in the audit log.
    await staffLogin(page, ADMIN, adminCodes);
    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Work queues' })
      .click();
    await page.getByLabel('Search').fill(CLIENT);
    await page
      .getByRole('row', { name: new RegExp(CLIENT.replaceAll('.', '\\.')) })
      .getByRole('link', { name: 'Ravi Kumar' })
      .click();
    await openFileTab(page, 'Billing');
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments.getByRole('row', { name: new RegExp(orderId) })).toContainText('$150.25 USD');
    await expect(payments.getByRole('row', { name: new RegExp(orderId) })).toContainText('Paid');
    await checkA11y(page);

    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Inbox' })
      .click();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByRole('row', { name: new RegExp(orderId) })).toContainText('150.25');

    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Staff' })
      .click();
    await expect(page.getByRole('row', { name: /Neha Joshi/ })).not.toContainText('Invited');

    await page
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const log = page.getByRole('table', { name: 'Audit log' });
    // Other tests in this worker's app invite staff too: Ada's invitation is one of the rows.
    await expect(
      log.getByRole('row', { name: /staff\.team\.invite/ }).filter({ hasText: 'Ada Shah' }),
    ).toBeVisible();
    await page.getByLabel('Search').fill(fileNumber);
    for (const action of [
      'staff.client.view',
      'staff.client.assign',
      'staff.client.filenumber',
      'staff.client.status',
      'staff.summary.upload',
      'staff.summary.publish',
      'payment.recorded.checkout',
    ]) {
      await expect(
        log.getByRole('row', { name: new RegExp(action.replaceAll('.', '\\.')) }).first(),
      ).toBeVisible();
    }
    await expect(log.getByRole('row', { name: /staff\.client\.status/ })).toContainText(
      'Neha Joshi (analyst)',
    );
    await expect(log.getByRole('row', { name: /staff\.client\.status/ })).toContainText('Synopsys Pending');
    await checkA11y(page);
  });
});
