import { eq, siteSettings } from '@taxfirm/db';
import { expect, test } from '../../support/fixtures.ts';
import { verifiedAccount } from '../../support/portal.ts';
import { openFileTab, staffConsole } from '../../support/journeys.ts';

test.describe('staff settings', () => {
  test('an admin changes the firm name, a social link and the file-number format; the public site and the suggested number follow at once', async ({
    page,
    server,
    mailbox,
    checkA11y,
  }) => {
    await verifiedAccount(page, mailbox, 'numbered.client@example.com');
    await staffConsole(page, server, mailbox, {
      email: 'settings.admin@firm.example',
      role: 'admin',
      firstName: 'Sita',
      lastName: 'Rao',
    });

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
      await page.goto('/staff/queues');
      await page.getByLabel('Search').fill('numbered.client');
      await page
        .getByRole('row', { name: /numbered\.client@example\.com/ })
        .getByRole('link')
        .first()
        .click();
      await openFileTab(page, 'Account');
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
