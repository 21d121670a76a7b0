import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { openFileTab, staffMember } from '../../support/journeys.ts';
import { answerConsentsOnScreen, loginThroughPanel, verifiedAccount } from '../../support/portal.ts';

test.describe('consents (issue 19)', () => {
  test('a client is asked the §7216 question at sign-in on a phone, answers No, lands on the dashboard; staff see "US-only"', async ({
    page,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    const email = 'us.only@example.com';
    // The admin first: the firm's owner may come from the command line, which stops the app around it.
    const staff = await staffDesk(
      staffMember('admin', 'consents.admin@firm.example', 'Ada Shah'),
      VIEWPORTS.phone,
    );

    await page.setViewportSize(VIEWPORTS.phone);
    await verifiedAccount(page, mailbox, email, { consent: false });
    await loginThroughPanel(page, email);
    await expect(page).toHaveURL(/\/user\/consents$/);
    await expect(
      page.getByRole('heading', { name: 'Consent to Disclose Tax Return Information' }),
    ).toBeVisible();
    await expect(page.getByText('I, Ravi Kumar, authorize')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Yes, I consent to this disclosure' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'No, I do not consent' })).not.toBeChecked();
    // Registered with the terms ticked: only the §7216 question is asked.
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await checkA11y(page);
    // The dashboard does not let the question be skipped.
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/user\/consents$/);
    await answerConsentsOnScreen(page, 'No', 'Ravi Kumar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ravi Kumar');

    // Later, from the client menu: the answer on record, which can be changed.
    await page.goto('/user/consents');
    await expect(page.getByRole('status').filter({ hasText: 'Your current answer' })).toContainText(
      'No, you did not consent',
    );
    await checkA11y(page);

    // Staff: the queue's row and the file say US-only, with the consent record.
    await staff.goto('/staff/queues');
    // Other specs leave clients of the same name: the search by e-mail finds this one.
    await staff.getByLabel('Search').fill(email);
    const row = staff.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('US-only')).toBeVisible();
    await checkA11y(staff);
    await row.getByRole('link', { name: 'Ravi Kumar' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible();
    await expect(staff.getByText('US-only').first()).toBeVisible();
    await openFileTab(staff, 'Account');
    const record = staff.getByRole('region', { name: 'Consents' });
    await expect(record).toContainText('Disclosure to the India team (§7216)');
    await expect(record).toContainText('No');
    await expect(record).toContainText('7216-offshore-2026-11');
    await checkA11y(staff);
    await staff.context().close();
  });
});
