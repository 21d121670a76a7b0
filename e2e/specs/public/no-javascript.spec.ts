import { careerApplications, contactMessages, eq, referrals } from '@taxfirm/db';
import { expect, test } from '../../support/fixtures.ts';
import { expectMessagesVisible } from '../../support/forms.ts';

/** Every public page: its one h1 and a text it must show with JavaScript off. */
const PAGES = [
  { path: '/', h1: 'Tax preparation for US and India-linked taxpayers', text: 'Welcome to' },
  { path: '/profile', h1: 'Company profile', text: 'Who we are' },
  { path: '/tax-services', h1: 'Tax services', text: 'Included with every service' },
  { path: '/us-tax-services', h1: 'US tax services', text: 'Deductions we check on every individual return' },
  { path: '/indian-tax-services', h1: 'Indian tax services', text: 'Discuss your Indian tax matters' },
  { path: '/testimonials', h1: 'Client Testimonials', text: 'Jennifer M.' },
  { path: '/careers', h1: 'Careers', text: 'Join our team' },
  { path: '/contact-us', h1: 'Contact Us', text: 'Corporate office' },
  { path: '/tax-center', h1: 'Tax Center', text: 'Tax Center' },
  { path: '/refer-a-friend', h1: 'Refer a Friend', text: 'Top-three gifts' },
  { path: '/privacy-policy', h1: 'Privacy Policy', text: 'Information we collect' },
  { path: '/terms-conditions', h1: 'Terms and Conditions', text: 'Limitation of liability' },
  { path: '/disclaimer', h1: 'Disclaimer and Consent', text: 'Disclaimer and Consent' },
  { path: '/paypal-payment', h1: 'Quick Payment', text: 'Quick Payment' },
  { path: '/no-such-page', h1: 'Page not found', text: 'does not exist or has moved' },
] as const;

test.describe('with JavaScript off', () => {
  // The browser logs a page answered with 400 (a refused form) or 404 (no such page): that is the point.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 40[04]/] });

  for (const { path, h1, text } of PAGES) {
    test(`${path} shows its heading and content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
    });
  }

  test("the contact form posts to the server: bad input shows the server's messages and keeps the values, good input is stored", async ({
    page,
    server,
  }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Name').fill('Noor Ali');
    await page.getByLabel('Email').fill('noor@');
    await page.getByLabel('Phone number').fill('46955');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expectMessagesVisible(page, [
      'Please enter a valid email address',
      'Phone Number must be 10 digits',
      'Message is required',
    ]);
    await expect(page.getByLabel('Name')).toHaveValue('Noor Ali');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('noor.nojs@example.com');
    await page.getByLabel('Country code').selectOption('INDIA');
    await page.getByLabel('Phone number').fill('98765-43210');
    await page.getByLabel('Message').fill('Sent without JavaScript.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Thank you for contacting us. We will get back to you within one business day.',
    );
    await expect(page.getByLabel('Name')).toHaveValue('');
    const [row] = await server.withDatabase((db) =>
      db.select().from(contactMessages).where(eq(contactMessages.email, 'noor.nojs@example.com')),
    );
    expect(row).toMatchObject({
      name: 'Noor Ali',
      phone: '9876543210',
      phoneExt: 'INDIA',
      message: 'Sent without JavaScript.',
    });
  });

  test("the careers form posts with its résumé: an empty post shows the spec's messages, a complete one is stored", async ({
    page,
    server,
  }) => {
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessagesVisible(page, [
      'Firstname is required',
      'Lastname is required',
      'Email is required',
      'Phone number is required',
      'Message is required',
    ]);

    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('NoScript');
    await page.getByLabel('Email').fill('maya.nojs@example.com');
    await page.getByLabel('Phone number').fill('2145550142');
    await page.getByLabel('Message').fill('Preparer, five seasons.');
    const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%';
    const resume = Buffer.from(head + 'r'.repeat(20_000) + '\n%%EOF\n');
    await page.getByLabel('Résumé (optional)').setInputFiles({
      name: 'maya.pdf',
      mimeType: 'application/pdf',
      buffer: resume,
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toHaveText('Submitted successfully.');
    const [row] = await server.withDatabase((db) =>
      db.select().from(careerApplications).where(eq(careerApplications.email, 'maya.nojs@example.com')),
    );
    expect(row).toMatchObject({
      firstName: 'Maya',
      lastName: 'NoScript',
      phone: '2145550142',
      phoneExt: 'US',
      resumeName: 'maya.pdf',
      resumeType: 'application/pdf',
      resumeSize: resume.length,
    });
  });

  test("the public referral form posts: the same e-mail twice says 'Both emails are same', a valid referral is stored", async ({
    page,
    server,
  }) => {
    await page.goto('/refer-a-friend');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('asha.nojs@example.com');
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('4695550100');
    await page.getByLabel('Your friend name').fill('Vikram Iyer');
    await page.getByLabel('Your friend email').fill('ASHA.nojs@example.com');
    await page.getByLabel('Friend country code').selectOption('INDIA');
    await page.getByLabel('Your friend phone number').fill('9876543210');
    await page.getByLabel('Message').fill('Referred without JavaScript.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Both emails are same', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Your friend name')).toHaveValue('Vikram Iyer');
    await expect(page.getByLabel('Friend country code')).toHaveValue('INDIA');

    await page.getByLabel('Your friend email').fill('vikram.nojs@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Thank you for your referral. We will reach out to your friend soon.',
    );
    const [row] = await server.withDatabase((db) =>
      db.select().from(referrals).where(eq(referrals.friendEmail, 'vikram.nojs@example.com')),
    );
    expect(row).toMatchObject({
      clientId: null,
      referrerName: 'Asha Rao',
      referrerPhone: '4695550100',
      friendName: 'Vikram Iyer',
      friendPhone: '9876543210',
      friendPhoneExt: 'INDIA',
      comment: 'Referred without JavaScript.',
    });
  });
});

test.describe('the server’s answers to the forms, without the islands', () => {
  // axe runs as a script, so the page keeps JavaScript; the islands entry is refused, as a browser without
  // JavaScript would never run it, and the forms post to the server.
  test.use({ allowedConsoleErrors: [/status of 400|ERR_FAILED/] });

  test('have no axe-core violations with the server’s messages showing', async ({ page, checkA11y }) => {
    await page.route('**/assets/islands-*.js', (route) => route.abort());
    for (const path of ['/contact-us', '/careers', '/refer-a-friend']) {
      await page.goto(path);
      const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(path));
      await page.getByRole('button', { name: 'Submit' }).click();
      expect((await posted).status()).toBe(400);
      await expect(page.getByText('Message is required', { exact: true })).toBeVisible();
      await checkA11y(page);
    }
  });
});
