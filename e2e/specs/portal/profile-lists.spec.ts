import { expect, test } from '../../support/fixtures.ts';
import { apiPost } from '../../support/portal.ts';
import { clearMasked, confirmItIsYou, openProfile } from '../../support/profile.ts';

/** The profile's lists of entries: Dependents (If any) and Employer Info (profile.spec.ts: the other tabs). */

test.describe('user/profile', () => {
  // A reveal is refused (403) until the session steps up again (F-15); the browser notes that refusal, then
  // the dialog asks for the password and the reveal is made again.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('Dependents (If any): add up to six, remove after the first, messages, save; the server refuses a seventh', async ({
    page,
    mailbox,
    checkA11y,
  }) => {
    const panel = await openProfile(page, mailbox, 'dependents.tab@example.com', 'Dependents (If any)');
    await expect(panel.getByText('No dependents added.')).toBeVisible();
    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit Dependents' });
    const rows = form.getByRole('group', { name: /^Dependent \d$/ });
    await expect(rows).toHaveCount(1);
    await expect(form.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    // A new row does not greet the client with messages; they come with Submit.
    await form.getByRole('button', { name: 'Add Dependent' }).click();
    await expect(rows).toHaveCount(2);
    await expect(form.getByText('First name is required')).toHaveCount(0);
    await form.getByRole('button', { name: 'Remove dependent 2' }).click();
    await expect(rows).toHaveCount(1);

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();

    const add = form.getByRole('button', { name: 'Add Dependent' });
    for (let n = 2; n <= 6; n++) {
      await add.click();
      await expect(rows).toHaveCount(n);
      // The new row's first field takes the focus.
      await expect(rows.nth(n - 1).getByLabel('First Name')).toBeFocused();
    }
    await expect(add).toHaveCount(0);
    await expect(form.getByText('You have added the most we take here (6).')).toBeVisible();
    // Remove on every row after the first.
    await expect(form.getByRole('button', { name: /^Remove dependent/ })).toHaveCount(5);
    await checkA11y(page);
    await form.getByRole('button', { name: 'Remove dependent 6' }).click();
    await form.getByRole('button', { name: 'Remove dependent 5' }).click();
    await form.getByRole('button', { name: 'Remove dependent 4' }).click();
    await form.getByRole('button', { name: 'Remove dependent 3' }).click();
    await expect(rows).toHaveCount(2);
    await expect(add).toBeVisible();

    const first = rows.nth(0);
    await first.getByLabel('First Name').fill('Anika');
    await first.getByLabel('Last Name').fill('Kumar');
    await first.getByLabel('SSN/ITIN').pressSequentially('111223333');
    await first.getByLabel('Relationship').fill('Daughter');
    await first.getByLabel('Date of Birth').pressSequentially('05062015');
    const second = rows.nth(1);
    await second.getByLabel('First Name').fill('Dev');
    await second.getByLabel('Last Name').fill('');
    await second.getByLabel('Date of Birth').pressSequentially('99999999');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(second.getByText('Last name is required')).toBeVisible();
    await expect(second.getByText('Invalid date format. Please use MM-DD-YYYY.')).toBeVisible();
    await second.getByLabel('Last Name').fill('Kumar');
    await clearMasked(second.getByLabel('Date of Birth'));
    await second.getByLabel('Relationship').fill('Son');
    const submittedAt = Date.now();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toHaveText('Your details have been saved.');
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible({ timeout: 5000 });
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1000);
    const cards = panel.getByRole('heading', { level: 3 });
    await expect(cards).toHaveText(['Dependent 1', 'Dependent 2']);
    await expect(panel.getByText('Anika')).toBeVisible();
    await expect(panel.getByText('***-**-3333')).toBeVisible();
    await expect(panel.getByText('Son')).toBeVisible();

    // Editing again with the number left blank keeps it, for the same dependent.
    await panel.getByRole('button', { name: 'Edit' }).click();
    await expect(rows.nth(0).getByLabel('SSN/ITIN')).toHaveValue('');
    await expect(rows.nth(0).getByText('Stored as ***-**-3333.', { exact: false })).toBeVisible();
    await rows.nth(1).getByLabel('Visa Type').fill('F2');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible({ timeout: 5000 });
    await expect(panel.getByText('***-**-3333')).toBeVisible();
    await expect(panel.getByText('F2')).toBeVisible();
    await panel.getByRole('button', { name: "Show dependent 1's SSN/ITIN" }).click();
    await confirmItIsYou(page);
    await expect(panel.getByText('111-22-3333')).toBeVisible();

    // The server holds the same limit, whatever the page does.
    const seven = Array.from({ length: 7 }, (_, i) => ({ first_name: `Kid${i}`, last_name: 'Kumar' }));
    const res = await apiPost(page, 'user/savedependents', { dependentinfo: seven });
    expect(res.status()).toBe(400);
    expect((await res.json()).status_smessage).toBe('You can add at most 6 dependents.');
  });

  test('Employer Info: all four fields required, end not before start, add and remove, save, cancel', async ({
    page,
    mailbox,
    checkA11y,
  }) => {
    const panel = await openProfile(page, mailbox, 'employers.tab@example.com', 'Employer Info');
    await expect(panel.getByText('No employers added.')).toBeVisible();
    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit Employer Info' });
    await form.getByRole('button', { name: 'Submit' }).click();
    for (const message of [
      'Company name is required',
      'Client name is required',
      'Project start date is required',
      'Project end date is required',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    const rows = form.getByRole('group', { name: /^Employer \d$/ });
    const add = form.getByRole('button', { name: 'Add Employer Info' });
    for (let n = 2; n <= 6; n++) await add.click();
    await expect(rows).toHaveCount(6);
    await expect(add).toHaveCount(0);
    await expect(form.getByRole('button', { name: /^Remove employer/ })).toHaveCount(5);
    for (let n = 6; n >= 2; n--) await form.getByRole('button', { name: `Remove employer ${n}` }).click();
    await expect(rows).toHaveCount(1);
    await checkA11y(page);

    const row = rows.nth(0);
    await row.getByLabel('Company Name').fill('Acme Consulting');
    await row.getByLabel('Client Name').fill('First Bank');
    await row.getByLabel('Project Start Date').pressSequentially('06012024');
    await row.getByLabel('Project End Date').pressSequentially('05312024');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(row.getByText('Project end date cannot be before the start date.')).toBeVisible();
    await clearMasked(row.getByLabel('Project End Date'));
    await row.getByLabel('Project End Date').pressSequentially('12312024');
    await expect(row.getByText('Project end date cannot be before the start date.')).toHaveCount(0);
    const submittedAt = Date.now();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toHaveText('Your details have been saved.');
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible({ timeout: 5000 });
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1000);
    await expect(panel.getByText('Acme Consulting')).toBeVisible();
    await expect(panel.getByText('06-01-2024')).toBeVisible();
    await expect(panel.getByText('12-31-2024')).toBeVisible();

    // Cancel leaves the stored entry as it was.
    await panel.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Company Name').fill('Changed Co');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByText('Acme Consulting')).toBeVisible();
    await expect(panel.getByText('Changed Co')).toHaveCount(0);
  });
});
