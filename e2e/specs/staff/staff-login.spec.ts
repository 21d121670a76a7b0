import { generate } from 'otplib';
import { expect, test, type Page } from '../../support/fixtures.ts';
import { loginThroughPanel, verifiedAccount } from '../../support/portal.ts';

const PASSWORD = 'a long staff passphrase';

async function code(page: Page, stepsAhead = 0) {
  const secret = (await page.getByTestId('mfa-secret').innerText()).trim();
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}

test.describe('staff sign-in', () => {
  // Refusals the tests ask for: the console's guard without a staff session (401, or 403 for a client) and a
  // wrong password (401). The browser notes each refused request in its console.
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test('an admin created from the command line sets a password, enrols an authenticator app and reaches the console', async ({
    page,
    server,
    checkA11y,
  }) => {
    const created = await server.runCli('apps/server/src/cli/staff-create.ts', [
      '--email',
      'ada@firm.example',
      '--role',
      'admin',
      '--first-name',
      'Ada',
      '--last-name',
      'Shah',
    ]);
    expect(created.status, created.stderr).toBe(0);
    const link = new URL(/http\S+\/resetpasswordlink\/\S+/.exec(created.stdout)?.[0] ?? '');

    // The console is closed to visitors.
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff\/login$/);

    await page.goto(link.pathname);
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.getByLabel(/^Password/).fill(PASSWORD);
    await reset.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await reset.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();

    await page.goto('/staff/login');
    const login = page.getByRole('form', { name: 'Staff login' });
    await checkA11y(page);
    await login.getByLabel(/^Password/).fill('a wrong passphrase!');
    await login.getByLabel(/^Email/).fill('ada@firm.example');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login.getByText('Invalid credentials, Please try again.')).toBeVisible();
    await login.getByLabel(/^Password/).fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();

    // First login: an authenticator app must be set up; there is no way around it.
    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await checkA11y(page);
    const confirm = page.getByRole('form', { name: 'Confirm two-step verification' });
    await confirm.getByLabel(/^6-digit code/).fill(await code(page));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await checkA11y(page);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();

    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByTestId('staff-identity')).toHaveText('Ada Shah (admin)');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/staff\/login$/);
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/staff\/login$/);
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
