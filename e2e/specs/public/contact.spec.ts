import { contactMessages, desc, type Database } from '@taxfirm/db';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { checkA11yThenSubmitEmpty, expectMessagesVisible, postsTo } from '../../support/forms.ts';

async function latestMessage(db: Database) {
  const [row] = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(1);
  return row;
}

test.describe('Contact Us', () => {
  test('the raw HTML shows the offices, phones and e-mail from settings, and the form', async ({
    request,
  }) => {
    const html = await (await request.get('/contact-us')).text();
    for (const text of [
      '<h1',
      'Contact Us',
      'Corporate office',
      '1200 Main Street, Suite 400, Dallas, TX 75202, USA',
      'Processing center',
      '(214)-555-0142',
      '04055-550142',
      'support@example.com',
      'Send us a message',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<title>Contact Us \| Meridian Tax &amp; Accounting<\/title>/);
  });

  test('an empty submit shows every required message and sends nothing', async ({ page }) => {
    const posted = postsTo(page, 'savecontactinfo');
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessagesVisible(page, [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Message is required',
    ]);
    expect(posted()).toBe(false);
  });

  test('messages appear once a field is touched, and the e-mail must be valid', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByText('Name is required')).toBeHidden();
    await page.getByLabel('Name').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('asha@');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('the phone is masked (000)-000-0000 for US and 00000-00000 for INDIA', async ({ page }) => {
    await page.goto('/contact-us');
    const phone = page.getByLabel('Phone number');
    await expect(page.getByLabel('Country code')).toHaveValue('US');
    await phone.pressSequentially('4695550100123');
    await expect(phone).toHaveValue('(469)-555-0100');
    await page.getByLabel('Country code').selectOption('INDIA');
    await expect(phone).toHaveValue('46955-50100');
    await phone.fill('');
    await phone.pressSequentially('98765432109');
    await expect(phone).toHaveValue('98765-43210');
    await phone.fill('');
    await phone.pressSequentially('98765');
    await phone.blur();
    await expect(page.getByText('Phone Number must be 10 digits')).toBeVisible();
  });

  test('a valid message is stored, the success shows in green, the form resets, and home follows after 2 s', async ({
    page,
    server,
  }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Email').fill('asha.contact@example.com');
    await page.getByLabel('Country code').selectOption('INDIA');
    await page.getByLabel('Phone number').pressSequentially('9876543210');
    await page.getByLabel('Message').fill('Please call me about my 1040NR.');
    await page.getByRole('button', { name: 'Submit' }).click();

    const status = page.getByRole('status');
    await expect(status).toContainText(
      'Thank you for contacting us. We will get back to you within one business day.',
    );
    const sentAt = Date.now();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page).toHaveURL(/\/contact-us$/);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    const waited = Date.now() - sentAt;
    expect(waited).toBeGreaterThan(1500);

    await page.goto('about:blank');
    const row = await server.withDatabase(latestMessage);
    expect(row).toMatchObject({
      name: 'Asha Rao',
      email: 'asha.contact@example.com',
      phone: '9876543210',
      phoneExt: 'INDIA',
      message: 'Please call me about my 1040NR.',
      status: 'new',
    });
  });

  test('has no axe-core violations, including with errors showing', async ({ page, checkA11y }) => {
    await checkA11yThenSubmitEmpty(page, checkA11y, '/contact-us', 'Name is required');
    await checkA11y(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.smallPhone });

    test('the form is usable and has no axe-core violations', async ({ page, checkA11y }) => {
      await page.goto('/contact-us');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await checkA11y(page);
    });
  });
});
