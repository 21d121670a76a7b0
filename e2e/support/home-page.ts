import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The home page's two carousels and its popup, for the home specs (home.spec, home-popup.spec). */

export const banner = (page: Page) => page.getByRole('region', { name: 'Featured services' });
export const testimonials = (page: Page) => page.getByRole('region', { name: 'Client testimonials' });

/**
 * Waits until the carousel island has run (its Embla instance moves the slides). The island starts a carousel
 * only once it is near the viewport, so the carousel is scrolled into view first.
 */
export async function ready(carousel: Locator) {
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute('data-ready', 'true');
}

/** Once the islands have run and the network is quiet (the popup's island is fetched on demand), no dialog. */
export async function expectNoPopup(page: Page) {
  await ready(banner(page));
  // The page makes no background requests, so a quiet network means the popup's island would have run.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
