import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { apiPost, loginThroughPanel, setFileStatus, verifiedAccount } from '../../support/portal.ts';
import { clearMasked, confirmItIsYou, openProfile } from '../../support/profile.ts';

/**
 * The profile's Tax Payer and Spouse tabs, the lock once the return is prepared, when a saved section closes, a
 * phone and the keyboard (profile-lists.spec.ts: Dependents and Employer Info).
 */

test.describe('user/profile', () => {
  // A reveal is refused (403) until the session steps up again (F-15); the browser notes that refusal, then
  // the dialog asks for the password and the reveal is made again.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('Tax Payer Info: view, every message, save, masked number and its reveal, cancel', async ({
    page,
    mailbox,
    checkA11y,
  }) => {
    const panel = await openProfile(page, mailbox, 'taxpayer.tab@example.com');
    // The tabs in the spec's words and order, the first selected.
    await expect(page.getByRole('tab')).toHaveText([
      'Tax Payer Info',
      'Spouse Info',
      'Dependents (If any)',
      'Employer Info',
    ]);
    // The view starts from what registration recorded.
    await expect(panel.getByText('Ravi', { exact: true })).toBeVisible();
    await expect(panel.getByText('taxpayer.tab@example.com')).toBeVisible();
    await expect(panel.getByText('+1 (469)-555-0100')).toBeVisible();
    await checkA11y(page);

    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit Tax Payer Info' });
    // The form takes focus, so it is announced; Tab reaches its first field.
    await expect(form).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('First Name')).toBeFocused();
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');

    // Every message of the section, word for word, once a field is touched.
    const firstName = form.getByLabel('First Name');
    await firstName.fill('R4vi');
    await firstName.blur();
    await expect(form.getByText('First name should consist of Alphabets only')).toBeVisible();
    await firstName.fill('');
    await expect(form.getByText('First name is required')).toBeVisible();
    const lastName = form.getByLabel('Last Name');
    await lastName.fill('Kum@r');
    await lastName.blur();
    await expect(form.getByText('Last name should consist of Alphabets only')).toBeVisible();
    await lastName.fill('');
    await expect(form.getByText('Last name is required')).toBeVisible();

    const phone = form.getByLabel(/^Phone/).and(form.getByRole('textbox'));
    await clearMasked(phone);
    await phone.blur();
    await expect(form.getByText('Phone number is required')).toBeVisible();
    await phone.pressSequentially('12345');
    await phone.blur();
    await expect(form.getByText('Phone Number must be 10 digits')).toBeVisible();
    // The mask follows the extension: INDIA 00000-00000, US (000)-000-0000.
    await form.getByLabel('Country code').selectOption('INDIA');
    await clearMasked(phone);
    await phone.pressSequentially('9876543210');
    await expect(phone).toHaveValue('98765-43210');
    await form.getByLabel('Country code').selectOption('US');
    await expect(phone).toHaveValue('(987)-654-3210');

    const ssn = form.getByLabel('SSN/ITIN');
    await ssn.pressSequentially('12345678');
    await ssn.blur();
    await expect(form.getByText('SSN/ITIN must be 9 digits')).toBeVisible();
    await clearMasked(ssn);
    await ssn.pressSequentially('000123456');
    await expect(ssn).toHaveValue('000-12-3456');
    await ssn.blur();
    await expect(form.getByText('This is not a valid SSN/ITIN. Please check the number.')).toBeVisible();

    const dob = form.getByLabel('Date of Birth');
    await dob.pressSequentially('13452000');
    await expect(dob).toHaveValue('13-45-2000');
    await dob.blur();
    await expect(form.getByText('Invalid date format. Please use MM-DD-YYYY.')).toBeVisible();

    // The select options, in the spec's spelling.
    const optionTexts = (label: string) =>
      form.getByLabel(label, { exact: true }).locator('option').allTextContents();
    expect(await optionTexts('Filing Status')).toEqual([
      'Select',
      'Single',
      'Married Filing Jointly',
      'Married Filing Seperately',
      'Head Of Household',
      'Qualified Widow/er with Dependent Child',
    ]);
    expect(await optionTexts('Dependents')).toEqual(['Select', 'Yes', 'No']);
    expect(await optionTexts('Country')).toEqual(['Select', 'INDIA', 'US', 'Other']);
    expect(await optionTexts('Health Insurance')).toEqual(['Select', 'Yes', 'No']);
    expect(await optionTexts('Time Zone')).toEqual(['Select', 'EST', 'PST', 'CST', 'MST', 'IST', 'OTHER']);
    await checkA11y(page);

    // An invalid form is not sent: every message stays and the view does not come back.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form).toBeVisible();

    await firstName.fill('Ravi Shankar');
    await lastName.fill('Kumar');
    await clearMasked(ssn);
    await ssn.pressSequentially('123456789');
    await clearMasked(dob);
    await dob.pressSequentially('04151988');
    await form.getByLabel('Filing Status').selectOption('Married Filing Seperately');
    await form.getByLabel('Dependents').selectOption('Yes');
    await form.getByLabel('Work Phone').fill('214-555-0199');
    await form.getByLabel('Address').fill('12 Elm Street');
    await form.getByLabel('City').fill('Dallas');
    await form.getByLabel('State').fill('TX');
    await form.getByLabel('Country', { exact: true }).selectOption('US');
    await form.getByLabel('Zip').fill('75001');
    await form.getByLabel('Health Insurance').selectOption('Yes');
    await form.getByLabel('Time Zone').selectOption('CST');
    const submittedAt = Date.now();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toHaveText('Your details have been saved.');
    // A second after the answer the form closes, its message with it, and the view shows what was stored.
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible({ timeout: 5000 });
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1000);
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeFocused();
    await expect(panel.getByText('Your details have been saved.')).toHaveCount(0);
    await expect(panel.getByText('Ravi Shankar')).toBeVisible();
    await expect(panel.getByText('04-15-1988')).toBeVisible();
    await expect(panel.getByText('Married Filing Seperately')).toBeVisible();
    await expect(panel.getByText('+1 (987)-654-3210')).toBeVisible();
    await expect(panel.getByText('***-**-6789')).toBeVisible();
    await expect(panel.getByText('123-45-6789')).toHaveCount(0);

    // The full number only on a deliberate action (the server audits it), and hidden again on request.
    await panel.getByRole('button', { name: 'Show your SSN/ITIN' }).click();
    await confirmItIsYou(page);
    await expect(panel.getByText('123-45-6789')).toBeVisible();
    await panel.getByRole('button', { name: 'Hide your SSN/ITIN' }).click();
    await expect(panel.getByText('***-**-6789')).toBeVisible();

    // Editing again: the stored number is not put back in the field; blank keeps it. Cancel changes nothing.
    await panel.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByLabel('SSN/ITIN')).toHaveValue('');
    await expect(form.getByText('Stored as ***-**-6789. Leave blank to keep it')).toBeVisible();
    await form.getByLabel('First Name').fill('');
    await form.getByLabel('First Name').blur();
    await expect(form.getByText('First name is required')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    await expect(panel.getByText('First name is required')).toHaveCount(0);
    await expect(panel.getByText('Ravi Shankar')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeFocused();
  });

  test('Spouse Info: required names, the date format message, save with a masked number, cancel', async ({
    page,
    mailbox,
    checkA11y,
  }) => {
    const panel = await openProfile(page, mailbox, 'spouse.tab@example.com', 'Spouse Info');
    await expect(page).toHaveURL(/\?tab=spouse$/);
    await expect(panel.getByText('No spouse details yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit Spouse Info' });
    // Typing in a field, then pressing Submit, which the field's message would push down: the press lands.
    await form.getByLabel('First Name').fill('M');
    await form.getByLabel('First Name').fill('');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();
    const dob = form.getByLabel('Date of Birth');
    await dob.pressSequentially('02302020');
    await dob.blur();
    await expect(form.getByText('Invalid date format. Please use MM-DD-YYYY.')).toBeVisible();
    await checkA11y(page);

    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByText('No spouse details yet.')).toBeVisible();
    await expect(panel.getByText('Invalid date format. Please use MM-DD-YYYY.')).toHaveCount(0);

    await panel.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('First Name').fill('Meera');
    await form.getByLabel('Last Name').fill('Kumar');
    await form.getByLabel('SSN/ITIN').pressSequentially('912701234');
    await form.getByLabel('Occupation').fill('Architect');
    await form.getByLabel('Date of Birth').pressSequentially('11301990');
    await form.getByLabel('Visa Type').fill('H4');
    const submittedAt = Date.now();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toHaveText('Your details have been saved.');
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeVisible({ timeout: 5000 });
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1000);
    await expect(panel.getByText('Meera')).toBeVisible();
    await expect(panel.getByText('***-**-1234')).toBeVisible();
    await expect(panel.getByText('11-30-1990')).toBeVisible();
    await expect(panel.getByText('H4')).toBeVisible();
    await panel.getByRole('button', { name: "Show your spouse's SSN/ITIN" }).click();
    await confirmItIsYou(page);
    await expect(panel.getByText('912-70-1234')).toBeVisible();
  });

  test('locked once the firm prepares the return: no Edit on any tab, the page says why, the server refuses', async ({
    page,
    mailbox,
    server,
    checkA11y,
  }) => {
    const email = 'locked.profile@example.com';
    await openProfile(page, mailbox, email);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await setFileStatus(server, email, 'Preparation Pending');
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: 'Your profile is locked' });
    await expect(notice).toContainText('(file status: Preparation Pending)');
    await expect(notice).toContainText('To make a change, contact us');
    await expect(notice.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    await expect(notice.getByRole('link', { name: '(214)-555-0142' })).toHaveAttribute(
      'href',
      'tel:+12145550142',
    );
    // Each section has loaded (its data shows) and offers no Edit.
    const loaded = {
      'Tax Payer Info': 'locked.profile@example.com',
      'Spouse Info': 'No spouse details yet.',
      'Dependents (If any)': 'No dependents added.',
      'Employer Info': 'No employers added.',
    };
    for (const [tab, text] of Object.entries(loaded)) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab }).getByText(text)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    }
    // The top bar now shows the status the server reported.
    await expect(page.getByRole('banner').getByText('Preparation Pending')).toBeVisible();
    await checkA11y(page);

    const res = await apiPost(page, 'user/savespouse', { first_name: 'Meera', last_name: 'Kumar' });
    expect(res.status()).toBe(422);
    expect((await res.json()).status_smessage).toBe(
      'Your profile can no longer be changed while we prepare your return. Please contact us to make a change.',
    );
  });

  test('a saved section closes exactly one second after the answer', async ({ page, mailbox }) => {
    const panel = await openProfile(page, mailbox, 'one.second@example.com', 'Spouse Info');
    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = panel.getByRole('form', { name: 'Edit Spouse Info' });
    await form.getByLabel('First Name').fill('Meera');
    await form.getByLabel('Last Name').fill('Kumar');
    // Time stands still from here; it moves only when the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await form.getByRole('button', { name: 'Submit' }).click();
    const status = form.getByRole('status');
    // The answer arrives in real time; the page's own timers need the clock moved in small steps.
    await expect
      .poll(async () => {
        await page.clock.runFor(5);
        return status.count();
      })
      .toBe(1);
    await expect(status).toHaveText('Your details have been saved.');
    await page.clock.runFor(950);
    await expect(form).toBeVisible();
    await page.clock.runFor(100);
    await expect(form).toHaveCount(0);
    await expect(panel.getByText('Your details have been saved.')).toHaveCount(0);
  });

  test('works on a phone-sized screen and by keyboard alone', async ({ page, mailbox, checkA11y }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await verifiedAccount(page, mailbox, 'phone.profile@example.com');
    await loginThroughPanel(page, 'phone.profile@example.com');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/user/profile');
    const tab = page.getByRole('tab', { name: 'Tax Payer Info' });
    await tab.focus();
    // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Spouse Info' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Spouse Info' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Spouse Info' });
    await panel.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('form', { name: 'Edit Spouse Info' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByLabel('First Name')).toBeFocused();
    await page.keyboard.type('Meera');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kumar');
    await panel.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText('Your details have been saved.');
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeFocused({ timeout: 5000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await checkA11y(page);
    await page.screenshot({ path: test.info().outputPath('profile-phone.png'), fullPage: true });
  });
});
