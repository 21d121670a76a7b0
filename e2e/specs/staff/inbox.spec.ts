import { readFile } from 'node:fs/promises';
import { expect, test } from '../../support/fixtures.ts';
import { apiPost } from '../../support/portal.ts';
import { staffConsole } from '../../support/journeys.ts';

test.describe('staff inbox', () => {
  test('an admin opens the inbox, changes a message’s status and downloads the list as CSV', async ({
    page,
    server,
    mailbox,
    checkA11y,
  }) => {
    // Two messages from the public form, one of them a spreadsheet formula.
    for (const name of ['Meera Nair', '=HYPERLINK("http://x","Meera")']) {
      const sent = await apiPost(page, 'savecontactinfo', {
        c_name: name,
        c_email: 'meera@example.com',
        c_phone_ext: 'US',
        c_phone: '4695550123',
        c_message: 'Please call me, about my 2025 return.',
        c_year: 2022,
      });
      expect(sent.status()).toBe(200);
    }

    await staffConsole(page, server, mailbox, {
      email: 'inbox.admin@firm.example',
      role: 'admin',
      firstName: 'Ines',
      lastName: 'Bose',
    });

    await page.getByRole('link', { name: 'Inbox' }).click();
    await expect(page).toHaveURL(/\/staff\/inbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Contact messages' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = page.getByRole('row', { name: /^.*Meera Nair.*$/ });
    await expect(row).toContainText('meera@example.com');
    await expect(row).toContainText('+1 (469)-555-0123');
    await checkA11y(page);

    // Search, then change the message's status.
    await page.getByLabel('Search').fill('Meera Nair');
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
    await row.getByLabel('Status of the message from Meera Nair').selectOption('follow up');
    await expect(page.getByText('The message status was changed.')).toBeVisible();
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Status', { exact: true }).selectOption('follow up');
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
    await expect(row).toBeVisible();
    // The CSV holds the list with its filters: here, the one message in follow up.
    const csvOf = async () => {
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
      return readFile((await file.path()) ?? '', 'utf8');
    };
    const filtered = await csvOf();
    expect(filtered.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(filtered).toMatch(/,Meera Nair,meera@example\.com,.*,follow up\r\n$/);

    // Every status: the formula comes out neutralised.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
    await expect(page.getByRole('row', { name: /HYPERLINK/ })).toBeVisible();
    const all = await csvOf();
    expect(all).toContain(`"'=HYPERLINK(""http://x"",""Meera"")"`);
    expect(all).toContain('Meera Nair');

    // The other lists open, and pass the same checks.
    for (const tab of ['Career applications', 'Referrals', 'Payments']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('table').getByText(/Loading/)).toHaveCount(0);
      await checkA11y(page);
    }
  });
});
