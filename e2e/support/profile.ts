import type { Locator } from '@playwright/test';
import { expect, type Page } from './fixtures.ts';
import type { Mailbox } from './mailbox.ts';
import { loginThroughPanel, PASSWORD, verifiedAccount } from './portal.ts';

/** The client's profile page, for the profile specs (profile.spec, profile-lists.spec). */

/** Empty a masked field the way a person does (fill('') leaves the mask's leftovers). */
export async function clearMasked(field: Locator) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
}

/** A session's first reveal asks for the password again (a step-up, F-15); later ones within 5 minutes do not. */
export async function confirmItIsYou(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

/** A verified client, logged in, on user/profile with the given tab open. */
export async function openProfile(page: Page, mailbox: Mailbox, email: string, tab = 'Tax Payer Info') {
  await verifiedAccount(page, mailbox, email);
  await loginThroughPanel(page, email);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Client menu' })
    .getByRole('link', { name: 'Profile Information' })
    .click();
  await expect(page).toHaveURL(/\/user\/profile/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Information' })).toBeVisible();
  if (tab !== 'Tax Payer Info') await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: tab });
}
