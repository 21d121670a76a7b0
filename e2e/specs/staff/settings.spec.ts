import { eq, siteSettings } from '@taxfirm/db';
import { generate } from 'otplib';
import { expect, test, type Page } from '../../support/fixtures.ts';
import { verifiedAccount } from '../../support/portal.ts';

const PASSWORD = 'a long settings passphrase';

async function code(page: Page) {
  const secret = (await page.getByTestId('mfa-secret').innerText()).trim();
  return generate({ secret });
}

test.describe('staff settings', () => {
  test('an admin changes the firm name, a social link and the file-number format; the public site and the suggested number follow at once', async ({
    page,
    server,
    mailbox,
    checkA11y,
  }) => {
    test.setTimeout(90_000);
    await verifiedAccount(page, mailbox, 'numbered.client@example.com');
    const created = await server.runCli('apps/server/src/cli/staff-create.ts', [
      '--email',
      'settings.admin@firm.example',
      '--role',
      'admin',
      '--first-name',
      'Sita',
      '--last-name',
      'Rao',
    ]);
    expect(created.status, created.stderr).toBe(0);
    const link = new URL(/http\S+\/resetpasswordlink\/\S+/.exec(created.stdout)?.[0] ?? '');
    await page.goto(link.pathname);
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.getByLabel(/^Password/).fill(PASSWORD);
    await reset.getByLabel(/^Confirm Password/).fill(PASSWORD);
    await reset.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    await page.goto('/staff/login');
    const login = page.getByRole('form', { name: 'Staff login' });
    await login.getByLabel(/^Email/).fill('settings.admin@firm.example');
    await login.getByLabel(/^Password/).fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm two-step verification' });
    await confirm.getByLabel(/^6-digit code/).fill(await code(page));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect(page).toHaveURL(/\/staff$/);

    try {
      await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Site settings' });
      await expect(form.getByLabel(/^Firm name/)).toHaveValue('Meridian Tax & Accounting');
      await checkA11y(page);

      // A bad address is refused with its message; nothing is saved.
      await form.getByLabel('LinkedIn').fill('http://linkedin.example/firm');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(form.getByText('Enter a full https:// address, or leave it empty.')).toBeVisible();
      await checkA11y(page);

      await form.getByLabel('LinkedIn').fill('https://www.linkedin.com/company/northwind');
      await form.getByLabel(/^Firm name/).fill('Northwind Tax Partners');
      await form.getByLabel(/^File number format/).fill('NW{YY}-{NNN}');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await expect(form.getByText('The settings were saved.')).toBeVisible();

      await page.goto('/');
      await expect(page.getByTestId('copyright')).toHaveText(
        `© ${new Date().getFullYear()} Northwind Tax Partners. All rights reserved.`,
      );
      const social = page.getByRole('contentinfo').getByRole('navigation', { name: 'Social media' });
      const linkedin = social.getByRole('link', { name: 'LinkedIn (opens in a new tab)' });
      await expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/company/northwind');
      await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
      await checkA11y(page);

      // The client's file offers the next number in the new format.
      await page.goto('/staff');
      await page.getByLabel('Search').fill('numbered.client');
      await page
        .getByRole('row', { name: /numbered\.client@example\.com/ })
        .getByRole('link')
        .first()
        .click();
      const numberForm = page.getByRole('form', { name: 'File number' });
      await numberForm.getByRole('button', { name: 'Suggest' }).click();
      await expect(numberForm.getByLabel(/^File number/)).toHaveValue(/^NW\d\d-001$/);
      await numberForm.getByRole('button', { name: 'Save file number' }).click();
      await expect(numberForm.getByText('The file number was saved.')).toBeVisible();
      await numberForm.getByRole('button', { name: 'Suggest' }).click();
      await expect(numberForm.getByLabel(/^File number/)).toHaveValue(/^NW\d\d-002$/);
      await checkA11y(page);
    } finally {
      // The app is shared with the other specs of this worker: put the firm back as they expect it.
      await page.goto('about:blank');
      await server.withDatabase((db) =>
        db
          .update(siteSettings)
          .set({ firmName: 'Meridian Tax & Accounting', linkedinUrl: '', fileNumberFormat: '{YYYY}-{NNNN}' })
          .where(eq(siteSettings.singleton, true)),
      );
    }
  });
});
