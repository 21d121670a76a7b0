import { expect, type Page } from './fixtures.ts';

/** Helpers for the public forms' specs. */

/** Watches the page's requests from now on: the answer says whether any went to `/api/<call>`. */
export function postsTo(page: Page, call: string): () => boolean {
  let posted = false;
  page.on('request', (r) => {
    if (r.url().endsWith(`/api/${call}`)) posted = true;
  });
  return () => posted;
}

/** Each message is on the page, visible, as its exact text. */
export async function expectMessagesVisible(page: Page, messages: string[]) {
  for (const message of messages) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
}

/**
 * Axe on the form's page as it opens, then an empty submit, until `firstMessage` (the first field's error)
 * shows: the spec checks the page again with the errors showing.
 */
export async function checkA11yThenSubmitEmpty(
  page: Page,
  checkA11y: (page: Page) => Promise<void>,
  url: string,
  firstMessage: string,
) {
  await page.goto(url);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(firstMessage, { exact: true })).toBeVisible();
}
