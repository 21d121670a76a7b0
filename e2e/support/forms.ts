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
