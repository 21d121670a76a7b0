import { desc, referrals, type Database } from '@taxfirm/db';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test, type Page } from '../../support/fixtures.ts';
import { checkA11yThenSubmitEmpty, expectMessagesVisible, postsTo } from '../../support/forms.ts';

async function latestReferral(db: Database) {
  const [row] = await db.select().from(referrals).orderBy(desc(referrals.createdAt)).limit(1);
  return row;
}

async function fillValid(page: Page, friendEmail = 'vikram.friend@example.com') {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('asha.referrer@example.com');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).pressSequentially('4695550100');
  await page.getByLabel('Your friend name').fill('Vikram Iyer');
  await page.getByLabel('Your friend email').fill(friendEmail);
  await page.getByLabel('Friend country code').selectOption('INDIA');
  await page.getByLabel('Your friend phone number').pressSequentially('9876543210');
  await page.getByLabel('Message').fill('He needs help with his FBAR.');
}

test.describe('Refer a Friend', () => {
  test('the raw HTML carries the programme rules and gifts', async ({ request }) => {
    const html = await (await request.get('/refer-a-friend')).text();
    for (const text of [
      'Refer a Friend',
      '10% bonus',
      'files a US return with us',
      'At least 6 referrals',
      'A flagship phone (latest model)',
      'With at least <!-- -->26',
      'An all-in-one desktop computer',
      'An action camera',
      'April 22',
    ]) {
      expect(html, text).toContain(text);
    }
  });

  test('an invalid submit shows every message and sends nothing', async ({ page }) => {
    const posted = postsTo(page, 'saverefferal');
    await page.goto('/refer-a-friend');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectMessagesVisible(page, [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Your friend name is required',
      'Your friend email is required',
      'Your friend phone number is required',
      'Message is required',
    ]);
    expect(posted()).toBe(false);
  });

  test("a friend e-mail equal to one's own says 'Both emails are same' and submits nothing", async ({
    page,
  }) => {
    const posted = postsTo(page, 'saverefferal');
    await page.goto('/refer-a-friend');
    await fillValid(page, 'ASHA.referrer@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Both emails are same', { exact: true })).toBeVisible();
    expect(posted()).toBe(false);
  });

  test('a valid referral is stored with no client, shows the success in green and clears the form', async ({
    page,
    server,
  }) => {
    await page.goto('/refer-a-friend');
    await fillValid(page);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/saverefferal'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await response).status()).toBe(200);
    await expect(page.getByRole('status')).toContainText(
      'Thank you for your referral. We will reach out to your friend soon.',
    );
    await expect(page.getByLabel('Your friend name')).toHaveValue('');
    await page.goto('about:blank');
    const row = await server.withDatabase(latestReferral);
    expect(row).toMatchObject({
      clientId: null,
      referrerName: 'Asha Rao',
      referrerEmail: 'asha.referrer@example.com',
      referrerPhone: '4695550100',
      referrerPhoneExt: 'US',
      friendName: 'Vikram Iyer',
      friendEmail: 'vikram.friend@example.com',
      friendPhone: '9876543210',
      friendPhoneExt: 'INDIA',
      comment: 'He needs help with his FBAR.',
    });
  });

  test('the button reads Submitting while the referral is sent', async ({ page }) => {
    await page.goto('/refer-a-friend');
    await fillValid(page, 'slow.friend@example.com');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/saverefferal', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Submitting' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test('has no axe-core violations, with and without errors', async ({ page, checkA11y }) => {
    await checkA11yThenSubmitEmpty(page, checkA11y, '/refer-a-friend', 'Name is required');
    await checkA11y(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.smallPhone });

    test('fits the screen and has no axe-core violations', async ({ page, checkA11y }) => {
      await page.goto('/refer-a-friend');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await checkA11y(page);
    });
  });
});
