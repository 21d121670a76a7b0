import { expect, test } from '../../support/fixtures.ts';
import { apiPost, loginThroughPanel, verifiedAccount } from '../../support/portal.ts';

const friend = (n: number) => ({
  rf_on_name: 'ignored',
  rf_on_email: 'ignored@example.com',
  rf_on_phone_ext: 'US',
  rf_on_phone: '(469)-555-0100',
  rf_name: `Friend ${String(n).padStart(2, '0')}`,
  rf_email: `friend${n}@example.com`,
  rf_phone_ext: 'INDIA',
  rf_phone: '98765-43210',
  rf_comment: `Referral ${n}`,
  rf_user_id: 0,
});

test.describe('user/refferrals and user/saverefferral', () => {
  test('refer a friend from the portal, then page through 25 referrals', async ({
    page,
    mailbox,
    checkA11y,
  }) => {
    const email = 'referrer@example.com';
    await verifiedAccount(page, mailbox, email);
    await loginThroughPanel(page, email);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page
      .getByRole('navigation', { name: 'Client menu' })
      .getByRole('link', { name: 'Referrals' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Referral List' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Your friend name',
      'Your friend email',
      'Your friend phone number',
      'Comment',
    ]);
    await expect(page.getByRole('cell', { name: 'No data!' })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('link', { name: '+ Add Refferals' }).click();
    await expect(page).toHaveURL(/\/user\/saverefferral$/);
    const form = page.getByRole('form', { name: 'Refer a friend' });
    // The referrer is the client: prefilled and read-only.
    await expect(form.getByLabel(/^Name/)).toHaveValue('Ravi Kumar');
    await expect(form.getByLabel(/^Name/)).toHaveAttribute('readonly', '');
    await expect(form.getByLabel(/^Email/)).toHaveValue(email);
    // An invalid submit marks every field touched, with the spec's messages.
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const message of [
      'Phone number is required',
      'Your friend name is required',
      'Your friend email is required',
      'Message is required',
    ]) {
      await expect(form.getByText(message).first()).toBeVisible();
    }
    await form.getByLabel(/^Phone number/).pressSequentially('4695550100');
    await form.getByLabel('Your friend name').fill('Vikram Iyer');
    await form.getByLabel('Your friend email').fill(email.toUpperCase());
    await form.getByLabel('Your friend phone number').pressSequentially('2145550123');
    await form.getByLabel('Message').fill('He needs help with his FBAR.');
    await form.getByRole('button', { name: 'Submit' }).click();
    // One's own e-mail as the friend's: the client wording, and nothing is sent.
    await expect(
      form.getByText('Your email address and your refer friend email address are same.'),
    ).toBeVisible();
    await form.getByLabel('Your friend email').fill('vikram@example.com');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toBeVisible();
    // Two seconds later, back to the list, which shows it.
    await expect(page).toHaveURL(/\/user\/refferrals$/, { timeout: 6000 });
    await expect(page.getByRole('cell', { name: 'Vikram Iyer' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '(214)-555-0123' })).toBeVisible();

    // 24 more through the call, then ten to a page with numbered pages.
    for (let n = 1; n <= 24; n++) expect((await apiPost(page, 'saverefferal', friend(n))).status()).toBe(200);
    await page.reload();
    const body = page.getByRole('table').locator('tbody tr');
    await expect(body).toHaveCount(10);
    await expect(page.getByText('Showing 1 to 10 of 25')).toBeVisible();
    await expect(body.first()).toContainText('Friend 24');
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByText('Showing 21 to 25 of 25')).toBeVisible();
    await expect(body).toHaveCount(5);
    await expect(body.last()).toContainText('Vikram Iyer');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 11 to 20 of 25')).toBeVisible();
    await expect(body.first()).toContainText('Friend 14');
    await checkA11y(page);
  });

  test('the issue’s spelling user/saverefferal opens the same form', async ({ page, mailbox }) => {
    await verifiedAccount(page, mailbox, 'alias@example.com');
    await loginThroughPanel(page, 'alias@example.com');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/user/saverefferal');
    await expect(page).toHaveURL(/\/user\/saverefferral$/);
    await expect(page.getByRole('form', { name: 'Refer a friend' })).toBeVisible();
  });
});
