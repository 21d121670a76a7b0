import { form8879, pdfOf, VIEWPORTS } from '../../support/files.ts';
import { expect, test, type Page } from '../../support/fixtures.ts';
import { openFileTab, staffMember } from '../../support/journeys.ts';
import type { Mailbox } from '../../support/mailbox.ts';
import {
  apiPost,
  clientIdOf,
  clientMenu,
  loginThroughPanel,
  PASSWORD,
  setFileStatus,
  verifiedAccount,
} from '../../support/portal.ts';
import { passkeyOrigin, virtualAuthenticator } from '../../support/passkeys.ts';
import { codeFor } from '../../support/staff.ts';
import { asFirmOwner } from '../../support/staff-sessions.ts';

const EMAIL = 'priya.household@example.com';
const SPOUSE = 'vikram.household@example.com';
const DELEGATE = 'arjun.household@example.com';

/**
 * An invited member sets a password from the e-mailed link, then lands signed in on the dashboard (or, where
 * the link leads home, signs in through the panel).
 */
async function setUpLogin(page: Page, mailbox: Mailbox, email: string, since: number) {
  const link = await mailbox.link(email, 'resetpasswordlink', since);
  await page.goto(link.pathname);
  const reset = page.getByRole('form', { name: 'Reset password' });
  await reset.getByLabel(/^Password/).fill(PASSWORD);
  await reset.getByLabel(/^Confirm Password/).fill(PASSWORD);
  await reset.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/user/dashboard', {
    timeout: 15_000,
  });
  if (new URL(page.url()).pathname !== '/user/dashboard') await loginThroughPanel(page, email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

/** On the Household page: invite someone with the form (the first one asks for the password again). */
async function inviteOnScreen(
  page: Page,
  who: { role: 'Spouse' | 'Delegate'; first: string; last: string; email: string },
) {
  const form = page.getByRole('form', { name: 'Invite someone to your household' });
  await form.getByLabel(/^Role/).selectOption({ label: who.role });
  await form.getByRole('textbox', { name: /^First name/ }).fill(who.first);
  await form.getByRole('textbox', { name: /^Last name/ }).fill(who.last);
  await form.getByRole('textbox', { name: /^Email/ }).fill(who.email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  const sent = page.getByText('Invitation sent. They set a password with the e-mailed link.');
  await expect(stepUp.or(sent).first()).toBeVisible();
  if (await stepUp.isVisible()) {
    await stepUp.getByLabel(/^Password/).fill(PASSWORD);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(sent).toBeVisible();
}

test.describe('the household', () => {
  // The invitation's first try is refused until the step-up (403), by design.
  test.use({ viewport: VIEWPORTS.phone, allowedConsoleErrors: [/status of 403/] });

  test('a taxpayer invites the spouse and a delegate; the spouse sets a password, adds a passkey, signs in with it alone, uploads a W-2 staff see as theirs and signs their part of the 8879; the delegate sees the file, no full identity number and no Sign button', async ({
    page,
    browser,
    server,
    mailbox,
    staffDesk,
    checkA11y,
  }) => {
    test.setTimeout(360_000);
    // The taxpayer: registered (as Ravi Kumar, the support's default name), a stored SSN, signed in on a phone.
    await verifiedAccount(page, mailbox, EMAIL);
    expect((await apiPost(page, 'login/check', { email: EMAIL, password: PASSWORD })).status()).toBe(200);
    const saved = await apiPost(page, 'user/savetaxpayer', {
      first_name: 'Priya',
      last_name: 'Raman',
      ssnitin: '123-45-6789',
      email: EMAIL,
      phoneext: 'US',
      phone: '(469)-555-0100',
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await apiPost(page, 'account/logout', {})).status()).toBe(200);
    await page.goto('/');
    await loginThroughPanel(page, EMAIL);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // The Household page from the menu: only her so far.
    await (await clientMenu(page)).getByRole('link', { name: 'Household' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Household' })).toBeVisible();
    await expect(page.getByText('Nobody else signs in to this file yet.')).toBeVisible();
    await checkA11y(page);

    // She invites her spouse (proving it is her first), then a delegate who may only look.
    const since = mailbox.received.length;
    await inviteOnScreen(page, { role: 'Spouse', first: 'Vikram', last: 'Raman', email: SPOUSE });
    await inviteOnScreen(page, { role: 'Delegate', first: 'Arjun', last: 'Raman', email: DELEGATE });
    const members = page.getByRole('table', { name: 'Who signs in to this file' });
    await expect(members.getByRole('row', { name: /Vikram Raman/ })).toContainText('Invited');
    await expect(members.getByRole('switch', { name: 'Arjun Raman may upload documents' })).not.toBeChecked();
    await checkA11y(page);
    await page.setViewportSize(VIEWPORTS.desk);
    await checkA11y(page);
    // Keyboard: the rights switch takes the focus and Space turns it on; the holder turns it off again.
    const upload = members.getByRole('switch', { name: 'Arjun Raman may upload documents' });
    await upload.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Their rights are saved.')).toBeVisible();
    await expect(upload).toBeChecked();
    await page.keyboard.press('Space');
    await expect(upload).not.toBeChecked();
    await page.setViewportSize(VIEWPORTS.phone);

    // The spouse sets a password from the e-mail (on a phone with a fingerprint reader: at localhost, the
    // passkeys' origin), adds a passkey, signs out and back in with the passkey alone.
    const spouseContext = await browser.newContext({
      baseURL: passkeyOrigin(server.baseURL),
      viewport: VIEWPORTS.phone,
    });
    const spouse = await spouseContext.newPage();
    const authenticator = await virtualAuthenticator(spouse);
    await setUpLogin(spouse, mailbox, SPOUSE, since);
    await spouse.goto('/user/security');
    const addPasskey = spouse.getByRole('form', { name: 'Add a passkey' });
    await addPasskey.getByLabel(/^Passkey name/).fill('Vikram phone');
    await addPasskey.getByRole('button', { name: 'Add a passkey' }).click();
    const spouseStepUp = spouse.getByRole('dialog', { name: 'Confirm it is you' });
    await spouseStepUp.getByLabel(/^Password/).fill(PASSWORD);
    await spouseStepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      spouse.getByRole('table', { name: 'Your passkeys' }).getByRole('row', { name: /Vikram phone/ }),
    ).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);
    await spouse.goto('/');
    const topBar = spouse.getByTestId('top-bar');
    await topBar.getByRole('button', { name: 'Logout' }).click();
    await topBar.getByRole('button', { name: 'Login' }).click();
    await spouse
      .getByRole('dialog', { name: 'Login' })
      .getByRole('button', { name: 'Sign in with a passkey' })
      .click();
    await expect(spouse).toHaveURL(/\/user\/dashboard$/);

    // She uploads a W-2 from her own login.
    await (await clientMenu(spouse)).getByRole('link', { name: 'Document Upload' }).click();
    const w2 = spouse.getByRole('tabpanel', { name: 'W2' });
    const slot = w2.getByRole('listitem', { name: 'Slot 1' }).locator('input[type=file]').first();
    await expect(slot).toBeEnabled();
    await slot.setInputFiles({ name: 'w2-vikram.pdf', mimeType: 'application/pdf', buffer: pdfOf(5000) });
    await w2.getByRole('button', { name: 'Submit' }).click();
    await expect(spouse.getByText('Documents uploaded successfully.')).toBeVisible();
    // The household's own list says who uploaded it.
    await expect(w2.getByText(/^Uploaded by Vikram Raman/)).toBeVisible();
    await spouse.goto('/user/household');
    await expect(spouse.getByText(/as their spouse/)).toBeVisible();
    await checkA11y(spouse);

    // Staff see the W-2 as the spouse's.
    const staff = await staffDesk(staffMember('admin', 'household.admin@firm.example', 'Meena Rao'));
    const clientId = await server.withDatabase((db) => clientIdOf(db, EMAIL));
    await staff.goto(`/staff/clients/${clientId}`);
    await openFileTab(staff, 'Documents');
    await expect(staff.getByRole('row', { name: /w2-vikram\.pdf/ })).toContainText(
      'uploaded by Vikram Raman',
    );
    await openFileTab(staff, 'Overview');
    await expect(staff.getByRole('region', { name: 'Household' })).toContainText('Vikram Raman');

    // A Form 8879 for both to sign: the taxpayer has Sign now, the spouse signs her part from her own login,
    // the delegate never has a Sign button.
    await setFileStatus(server, EMAIL, 'Confirmation Pending');
    await asFirmOwner(
      server,
      'staff/signatures/create',
      {
        client_id: clientId,
        kind: '8879',
        title: 'Form 8879',
        signers: 'both',
        spouse_name: 'Vikram Raman',
        spouse_email: SPOUSE,
        document: { name: 'form-8879.pdf', mimeType: 'application/pdf', buffer: await form8879() },
      },
      { multipart: true },
    );
    await page.goto('/user/sign');
    await expect(page.getByRole('link', { name: 'Sign now: Form 8879' })).toBeVisible();

    // The spouse, signed in with her passkey: read, prove it is her (the passkey again), the e-mailed code, sign.
    await spouse.goto('/user/sign');
    await spouse.getByRole('link', { name: 'Sign now: Form 8879' }).click();
    await expect(spouse).toHaveURL(/\/user\/sign\/[0-9a-f-]{36}$/);
    const popup = spouse.waitForEvent('popup', { timeout: 5000 }).catch(() => null);
    await spouse.getByRole('button', { name: 'Open the document' }).click();
    await (await popup)?.close();
    await expect(spouse.getByText('Opened', { exact: true })).toBeVisible({ timeout: 15_000 });
    const beforeCode = mailbox.received.length;
    await spouse.getByRole('button', { name: 'E-mail me a code' }).click();
    await expect(spouseStepUp).toBeVisible();
    await spouseStepUp.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(spouse.getByText(/We e-mailed you a 6-digit code\./)).toBeVisible();
    await spouse.getByLabel(/6-digit code from the e-mail/).fill(await codeFor(mailbox, SPOUSE, beforeCode));
    await spouse.getByRole('tab', { name: 'Type' }).click();
    await spouse.getByLabel('Type your full name as your signature').fill('Vikram Raman');
    await spouse.getByRole('checkbox', { name: /I agree to sign this document electronically/ }).check();
    await spouse.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(spouse.getByText('Signed. Thank you.')).toBeVisible();
    await expect(spouse.getByText("We are waiting for Ravi Kumar's signature.")).toBeVisible();
    await checkA11y(spouse);
    await spouseContext.close();

    const delegateContext = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORTS.phone });
    const delegate = await delegateContext.newPage();
    await setUpLogin(delegate, mailbox, DELEGATE, since);
    await delegate.goto('/user/sign');
    await expect(delegate.getByText('Form 8879').first()).toBeVisible();
    await expect(delegate.getByRole('link', { name: /^Sign now/ })).toHaveCount(0);
    await expect(delegate.getByRole('button', { name: /^Sign/ })).toHaveCount(0);
    await checkA11y(delegate);
    // The profile: the number masked, nothing to show it in full.
    await delegate.goto('/user/profile');
    const taxpayer = delegate.getByRole('tabpanel', { name: 'Tax Payer Info' });
    await expect(taxpayer.getByText(/6789/)).toBeVisible();
    await expect(taxpayer.getByText('123-45-6789')).toHaveCount(0);
    await expect(taxpayer.getByRole('button', { name: /^Show/ })).toHaveCount(0);
    await checkA11y(delegate);
    await delegate.goto('/user/household');
    await expect(delegate.getByText(/as their delegate/)).toBeVisible();
    await expect(delegate.getByRole('form')).toHaveCount(0);
    await checkA11y(delegate);
    await delegate.setViewportSize(VIEWPORTS.desk);
    await checkA11y(delegate);
    await delegateContext.close();

    // The taxpayer sees the spouse active, and her own number can still be shown (after the step-up).
    await page.goto('/user/household');
    await expect(members.getByRole('row', { name: /Vikram Raman/ })).not.toContainText('Invited');
    await page.goto('/user/profile');
    await expect(
      page.getByRole('tabpanel', { name: 'Tax Payer Info' }).getByRole('button', { name: /^Show/ }),
    ).toBeVisible();
  });
});
