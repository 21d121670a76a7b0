import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { careerApplications, desc, type Database } from '@taxfirm/db';
import { pdfOf, VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { checkA11yThenSubmitEmpty, expectMessagesVisible, postsTo } from '../../support/forms.ts';

async function latestApplication(db: Database) {
  const [row] = await db
    .select()
    .from(careerApplications)
    .orderBy(desc(careerApplications.createdAt))
    .limit(1);
  return row;
}

test.describe('Careers', () => {
  test('the raw HTML has the headline, the invitation and the application form', async ({ request }) => {
    const html = await (await request.get('/careers')).text();
    for (const text of ['<h1', 'Careers', 'Join our team', 'Apply now', 'First name', 'Résumé (optional)']) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<title>Careers \| Meridian Tax &amp; Accounting<\/title>/);
  });

  test("an empty submit marks every field touched with the spec's messages and sends nothing", async ({
    page,
  }) => {
    const posted = postsTo(page, 'settings/careerssubmit');
    await page.goto('/careers');
    await expect(page.getByText('Firstname is required')).toBeHidden();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessagesVisible(page, [
      'Firstname is required',
      'Lastname is required',
      'Email is required',
      'Phone number is required',
      'Message is required',
    ]);
    expect(posted()).toBe(false);
  });

  test('the country code is +1 or +91 and the phone is masked to match', async ({ page }) => {
    await page.goto('/careers');
    const ext = page.getByLabel('Country code');
    await expect(ext).toHaveValue('US');
    await expect(ext.locator('option')).toHaveText([/\+1/, /\+91/]);
    const phone = page.getByLabel('Phone number');
    await phone.pressSequentially('2145550142');
    await expect(phone).toHaveValue('(214)-555-0142');
    await ext.selectOption('INDIA');
    await expect(phone).toHaveValue('21455-50142');
  });

  test('a résumé that is too large or not PDF/Word is refused in the browser and the field empties', async ({
    page,
  }) => {
    await page.goto('/careers');
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: pdfOf(6_291_456) });
    await expect(page.getByText('Resume size should be less than 6MB')).toBeVisible();
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.alloc(5000, 1) });
    await expect(page.getByText('Resume must be a PDF or Word document')).toBeVisible();
    // A refused file is not kept: the field empties.
    await expect(page.getByLabel('Résumé (optional)')).toHaveValue('');
  });

  test.describe('a refused file', () => {
    // The browser logs the 400 the server answers; the answer is the point of this test.
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test('the server checks the content: a PNG named .pdf is refused with a message and nothing stored', async ({
      page,
      server,
    }) => {
      await page.goto('/careers');
      await page.getByLabel('First name').fill('Imposter');
      await page.getByLabel('Last name').fill('File');
      await page.getByLabel('Email').fill('imposter@example.com');
      await page.getByLabel('Phone number').pressSequentially('2145550142');
      await page.getByLabel('Message').fill('My CV is attached.');
      const png = Buffer.alloc(5000, 0);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(
        png,
      );
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: png });
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Resume must be a PDF or Word document')).toBeVisible();
      await expect(page).toHaveURL(/\/careers$/);
      await expect(page.getByLabel('First name')).toHaveValue('Imposter');
      await page.goto('about:blank');
      const row = await server.withDatabase(latestApplication);
      expect(row?.firstName).not.toBe('Imposter');
    });
  });

  test("a complete application with a résumé is stored, 'Submitted successfully.' shows, and home follows at 2 s", async ({
    page,
    server,
  }) => {
    const resume = pdfOf(48_000);
    await page.goto('/careers');
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Sharma');
    await page.getByLabel('Email').fill('priya.careers@example.com');
    await page.getByLabel('Country code').selectOption('INDIA');
    await page.getByLabel('Phone number').pressSequentially('9876543210');
    await page.getByLabel('Message').fill('Enrolled agent with six seasons of 1040-NR work.');
    await page.locator('input[type=file]').setInputFiles({
      name: 'Priya Sharma CV.pdf',
      mimeType: 'application/pdf',
      buffer: resume,
    });
    await expect(page.getByLabel('Résumé (optional)')).toHaveValue(/Priya Sharma CV\.pdf$/);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('status')).toHaveText('Submitted successfully.');
    const shownAt = Date.now();
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page).toHaveURL(/\/careers$/);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    await expect(page.getByText('Submitted successfully.')).toBeHidden();

    await page.goto('about:blank');
    const row = await server.withDatabase(latestApplication);
    expect(row).toMatchObject({
      firstName: 'Priya',
      lastName: 'Sharma',
      email: 'priya.careers@example.com',
      phone: '9876543210',
      phoneExt: 'INDIA',
      message: 'Enrolled agent with six seasons of 1040-NR work.',
      resumeName: 'Priya Sharma CV.pdf',
      resumeType: 'application/pdf',
      resumeSize: resume.length,
      resumeSha256: createHash('sha256').update(resume).digest('hex'),
      status: 'new',
    });
    // Stored under DATA_DIR, encrypted: the file exists and its bytes are not the PDF's.
    const stored = path.join(server.dataDir, 'files', `${row?.resumeKey}.data`);
    expect(existsSync(stored)).toBe(true);
    expect(readFileSync(stored).includes(Buffer.from('%PDF'))).toBe(false);
  });

  test('an application without a résumé is stored too', async ({ page, server }) => {
    await page.goto('/careers');
    await page.getByLabel('First name').fill('Noah');
    await page.getByLabel('Last name').fill('Kim');
    await page.getByLabel('Email').fill('noah.careers@example.com');
    await page.getByLabel('Phone number').pressSequentially('4695550100');
    await page.getByLabel('Message').fill('Interested in a client-service role.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toHaveText('Submitted successfully.');
    await page.goto('about:blank');
    const row = await server.withDatabase(latestApplication);
    expect(row).toMatchObject({ firstName: 'Noah', phone: '4695550100', phoneExt: 'US', resumeKey: null });
  });

  test.describe('when the connection fails', () => {
    test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

    test("a failure shows 'Please try again later.', clears it at 2 s and keeps what was typed", async ({
      page,
    }) => {
      // The connection fails on the way (as on a train going into a tunnel).
      await page.route('**/api/settings/careerssubmit', (route) => route.abort('internetdisconnected'));
      await page.goto('/careers');
      await page.getByLabel('First name').fill('Lena');
      await page.getByLabel('Last name').fill('Ortiz');
      await page.getByLabel('Email').fill('lena@example.com');
      await page.getByLabel('Phone number').pressSequentially('4695550100');
      await page.getByLabel('Message').fill('Hello');
      await page.getByRole('button', { name: 'Submit' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Please try again later.' });
      await expect(alert).toBeVisible();
      const shownAt = Date.now();
      await expect(alert).toBeHidden({ timeout: 5000 });
      expect(Date.now() - shownAt).toBeGreaterThan(1500);
      await expect(page).toHaveURL(/\/careers$/);
      await expect(page.getByLabel('First name')).toHaveValue('Lena');
    });
  });

  test('has no axe-core violations, including with errors showing', async ({ page, checkA11y }) => {
    await checkA11yThenSubmitEmpty(page, checkA11y, '/careers', 'Firstname is required');
    await checkA11y(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.smallPhone });

    test('the form fits and has no axe-core violations', async ({ page, checkA11y }) => {
      await page.goto('/careers');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await checkA11y(page);
    });
  });
});
