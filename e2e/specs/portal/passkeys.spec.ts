import type { Page } from '@playwright/test';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test as base } from '../../support/fixtures.ts';
import { passkeyOrigin, virtualAuthenticator } from '../../support/passkeys.ts';
import { loginThroughPanel, PASSWORD, verifiedAccount } from '../../support/portal.ts';
import { codeFor } from '../../support/staff.ts';

/** These pages are opened at localhost, the origin the server expects of a passkey (support/passkeys.ts). */
const test = base.extend({
  baseURL: async ({ server }, use) => {
    await use(passkeyOrigin(server.baseURL));
  },
});

async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByTestId('top-bar').getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog', { name: 'Login' });
}

test.describe('signing in without a password to remember (issue 38)', () => {
  // Expected refusals the browser logs: adding a passkey first answers 403 STEP_UP_REQUIRED (then the dialog
  // asks), and a wrong e-mailed code answers 400.
  test.use({ allowedConsoleErrors: [/status of 40[03] \((Bad Request|Forbidden)\)/] });

  test('a client adds a passkey on the account page, signs out, and signs in with the passkey alone', async ({
    page,
    mailbox,
    checkA11y,
  }) => {
    const email = 'passkey.client@example.com';
    await page.setViewportSize(VIEWPORTS.phone);
    const authenticator = await virtualAuthenticator(page);
    await verifiedAccount(page, mailbox, email);
    await loginThroughPanel(page, email);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    await page.goto('/user/security');
    const passkeys = page.getByRole('form', { name: 'Add a passkey' });
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    await passkeys.getByLabel(/^Passkey name/).fill('My phone');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    // Adding a way in asks the session to prove itself again first.
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp).toBeVisible();
    await checkA11y(page);
    await stepUp.getByLabel(/^Password/).fill(PASSWORD);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Your passkey is added. Next time you can sign in with it.',
    );
    const table = page.getByRole('table', { name: 'Your passkeys' });
    await expect(table.getByRole('row', { name: /My phone/ })).toContainText('Never');
    expect(await authenticator.credentials()).toHaveLength(1);
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await checkA11y(page);

    // Sign out, then in with the passkey alone: no e-mail, no password, no second step.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const login = await openLogin(page);
    await expect(login.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await checkA11y(page);
    // Keyboard: the passkey button is reached and pressed like any other.
    await login.getByRole('button', { name: 'Sign in with a passkey' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');

    // The list now says when it was last used.
    await page.goto('/user/security');
    await expect(
      page.getByRole('table', { name: 'Your passkeys' }).getByRole('row', { name: /My phone/ }),
    ).not.toContainText('Never');
  });

  test('a client signs in with a code e-mailed to them instead of a password', async ({
    page,
    mailbox,
    checkA11y,
  }) => {
    const email = 'code.client@example.com';
    await page.setViewportSize(VIEWPORTS.phone);
    await verifiedAccount(page, mailbox, email);
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'E-mail me a code instead' }).click();
    const ask = login.getByRole('form', { name: 'E-mail me a sign-in code' });
    await ask.getByLabel(/^Email/).fill(email);
    await checkA11y(page);
    const since = mailbox.received.length;
    await ask.getByRole('button', { name: 'E-mail me a code' }).click();
    const enter = login.getByRole('form', { name: 'Sign in with the e-mailed code' });
    await expect(enter.getByRole('status')).toHaveText(
      'If an account uses this address, we have e-mailed it a 6-digit sign-in code. It works once, for 10 minutes.',
    );
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await checkA11y(page);
    const code = await codeFor(mailbox, email, since, /sign-in code is (\d{6})/);
    // A wrong code is refused, with the reason.
    await enter.getByLabel(/^Code from the e-mail/).fill(code === '000000' ? '111111' : '000000');
    await enter.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      enter.getByText('That code is not right or has expired. Please check it or ask for a new one.').first(),
    ).toBeVisible();
    await enter.getByLabel(/^Code from the e-mail/).fill(code);
    await enter.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });
});
