// The home page must show exactly the reviews of the web app's own data file, so the spec reads that file.
// eslint-disable-next-line import-x/no-relative-packages
import { TESTIMONIALS } from '../../../apps/web/app/features/testimonials/testimonials.ts';
import type { Locator } from '@playwright/test';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { banner, expectNoPopup, ready, testimonials } from '../../support/home-page.ts';
import { decodeEntities } from '../../support/html.ts';

/**
 * The home page: its raw HTML, the banner and testimonials carousels, and the page without JavaScript or on a
 * phone (home-popup.spec.ts: the popup).
 */

const BANNER_HEADINGS = [
  'US tax returns, prepared by specialists',
  'Indian tax filing and advice for NRIs',
  'Know your refund before you file',
  'Track your federal and state refunds',
];

const BENEFIT_TITLES = [
  'Individual Retirement Accounts (IRA)',
  'Health Savings Accounts (HSA)',
  'Tax credits',
  'Medical and dental expenses',
  'Student loan interest deduction',
  'Home mortgage interest',
];

/** The carousel's "Slide n of m" status. */
const status = (carousel: Locator) => carousel.getByRole('status');

/** Asserts the carousel stays on the same slide for `ms` (proving that nothing happens needs a wait). */
async function expectStill(carousel: Locator, ms: number) {
  const before = (await status(carousel).textContent()) ?? '';
  expect(before).toMatch(/^Slide \d of \d$/);
  // eslint-disable-next-line playwright/no-wait-for-timeout
  await carousel.page().waitForTimeout(ms);
  await expect(status(carousel)).toHaveText(before);
  return before;
}

/** "Slide n of m" k slides on from `text`, wrapping round. */
function slideAfter(text: string, k: number): string {
  const [, n, m] = /^Slide (\d) of (\d)$/.exec(text) ?? [];
  const count = Number(m);
  return `Slide ${((((Number(n) - 1 + k) % count) + count) % count) + 1} of ${count}`;
}

test.describe('home page', () => {
  test('the raw HTML (no JavaScript) holds the banner slides, benefit cards and reviews, and no popup', async ({
    request,
  }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const raw = await res.text();
    const html = decodeEntities(raw);
    for (const heading of BANNER_HEADINGS) expect(html, `banner: ${heading}`).toMatch(`>${heading}</h2>`);
    for (const title of BENEFIT_TITLES) expect(html, `benefit: ${title}`).toContain(`>${title}</h3>`);
    expect(TESTIMONIALS).toHaveLength(6);
    for (const t of TESTIMONIALS) {
      expect(html, `review by ${t.name}`).toContain(t.quote);
      expect(html).toContain(t.name);
    }
    expect(html).toContain('Tax preparation for US and India-linked taxpayers</h1>');
    expect(raw.match(/aria-roledescription="carousel"/g)).toHaveLength(2);
    expect(raw.match(/aria-roledescription="slide"/g)).toHaveLength(10);
    for (const label of ['1 of 4', '4 of 4', '1 of 6', '6 of 6'])
      expect(raw).toContain(`aria-label="${label}"`);
    expect(raw).not.toContain('role="dialog"');
    expect(raw).not.toContain('<dialog');
  });

  test('the home page is served without React: its only scripts are the islands', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await ready(banner(page));
    await ready(testimonials(page));
    // The islands entry, then the carousel island (and Embla inside it), fetched because the page has one.
    expect(
      scripts.some((s) => /^\/assets\/islands-[\w-]+\.js$/.test(s)),
      scripts.join(),
    ).toBe(true);
    expect(
      scripts.some((s) => /^\/assets\/island-carousel-[\w-]+\.js$/.test(s)),
      scripts.join(),
    ).toBe(true);
    expect(scripts.filter((s) => !/^\/assets\/islands?-/.test(s))).toEqual([]);
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  });

  test('the banner rotates by itself; Pause stops it and Play starts it again', async ({ page }) => {
    await page.goto('/');
    const carousel = banner(page);
    await ready(carousel);
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel.getByRole('group')).toHaveCount(4);
    await expect(carousel.getByRole('group', { name: '1 of 4' })).toHaveAttribute(
      'aria-roledescription',
      'slide',
    );
    await expect(status(carousel)).toHaveText('Slide 1 of 4');
    // While slides rotate by themselves, their changes are not announced.
    await expect(status(carousel)).toHaveAttribute('aria-live', 'off');
    await expect(status(carousel)).toHaveText('Slide 2 of 4', { timeout: 4_000 });
    await expect(carousel.getByRole('group', { name: '2 of 4' })).toBeInViewport({ ratio: 0.9 });
    await expect(
      carousel.getByRole('group', { name: '2 of 4' }).getByRole('heading', { level: 2 }),
    ).toHaveText(BANNER_HEADINGS[1] ?? '');

    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    const play = carousel.getByRole('button', { name: 'Play slideshow' });
    await expect(play).toBeVisible();
    await expect(status(carousel)).toHaveAttribute('aria-live', 'polite');
    const paused = await expectStill(carousel, 5_000);

    await play.click();
    await expect(carousel.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await expect(status(carousel)).toHaveText(slideAfter(paused, 1), { timeout: 4_000 });
  });

  test('the banner pauses while the pointer is over it and resumes after', async ({ page }) => {
    await page.goto('/');
    const carousel = banner(page);
    await ready(carousel);
    await expect(status(carousel)).toHaveText('Slide 2 of 4', { timeout: 4_000 });
    await carousel.hover({ position: { x: 300, y: 80 } });
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    const held = await expectStill(carousel, 4_500);
    // Hovering pauses for the moment only: the toggle still offers Pause.
    await expect(carousel.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();

    await page.mouse.move(5, 5);
    await expect(status(carousel)).toHaveText(slideAfter(held, 1), { timeout: 4_000 });
  });

  test('Previous and Next work from the keyboard, and focus inside pauses the rotation', async ({ page }) => {
    await page.goto('/');
    const carousel = banner(page);
    await ready(carousel);
    await expect(carousel.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await carousel.getByRole('button', { name: 'Pause slideshow' }).focus();
    // Pause/Play comes first, then Previous and Next, all reachable with Tab.
    await page.keyboard.press('Tab');
    const previous = carousel.getByRole('button', { name: 'Previous slide' });
    const next = carousel.getByRole('button', { name: 'Next slide' });
    await expect(previous).toBeFocused();
    await expect(carousel).toHaveAttribute('data-rotating', 'false');
    const start = (await status(carousel).textContent()) ?? '';

    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status(carousel)).toHaveText(slideAfter(start, 1));
    await page.keyboard.press('Space');
    await expect(status(carousel)).toHaveText(slideAfter(start, 2));
    await page.keyboard.press('Shift+Tab');
    await expect(previous).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status(carousel)).toHaveText(slideAfter(start, 1));
    // The arrow keys move the slides too while focus is inside.
    await page.keyboard.press('ArrowRight');
    await expect(status(carousel)).toHaveText(slideAfter(start, 2));
    const shown = slideAfter(start, 2).replace(/^Slide /, '');
    await expect(carousel.getByRole('group', { name: shown })).toBeInViewport({ ratio: 0.9 });
    // Still held while focus stays inside.
    await expectStill(carousel, 3_000);
  });

  test('the banner slides link to the services, contact and tax center pages', async ({ page }) => {
    await page.goto('/');
    const carousel = banner(page);
    await ready(carousel);
    for (const [name, href] of [
      ['Explore US tax services', '/us-tax-services'],
      ['Explore Indian tax services', '/indian-tax-services'],
      ['Ask for a free estimate', '/contact-us'],
      ['Go to the tax center', '/tax-center'],
    ] as const) {
      await expect(carousel.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  test('the testimonials carousel shows the six reviews and rotates by itself', async ({ page }) => {
    await page.goto('/');
    const carousel = testimonials(page);
    await ready(carousel);
    await expect(carousel.getByRole('group')).toHaveCount(6);
    for (const [i, t] of TESTIMONIALS.entries()) {
      await expect(carousel.getByRole('group', { name: `${i + 1} of 6` })).toContainText(t.name);
    }
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5);
    await expect(status(carousel)).toHaveText('Slide 1 of 6');
    await expect(status(carousel)).toHaveText('Slide 2 of 6', { timeout: 4_000 });
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expectStill(carousel, 4_500);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read all client testimonials' })).toHaveAttribute(
      'href',
      '/testimonials',
    );
  });

  test('the home page has no axe-core violations on desktop with the popup closed', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/');
    await expectNoPopup(page);
    await checkA11y(page);
  });
});

test.describe('when the visitor prefers reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('neither carousel rotates until the visitor presses Play', async ({ page }) => {
    await page.goto('/');
    const carousel = banner(page);
    await ready(carousel);
    await ready(testimonials(page));
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(testimonials(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(status(carousel)).toHaveText('Slide 1 of 4');
    await expectStill(carousel, 4_500);
    await expect(status(testimonials(page))).toHaveText('Slide 1 of 6');

    // Rotation is still there for a visitor who asks for it.
    await carousel.getByRole('button', { name: 'Play slideshow' }).click();
    await expect(carousel.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await expect(status(carousel)).toHaveText('Slide 2 of 4', { timeout: 4_000 });
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("every banner slide and review is there, each slide's link reachable with Tab", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tax preparation for US and India-linked taxpayers',
    );
    const carousel = banner(page);
    await expect(carousel.getByRole('group')).toHaveCount(4);
    await expect(testimonials(page).getByRole('group')).toHaveCount(6);
    // Controls that need the island are not shown; nothing rotates.
    await expect(carousel.getByRole('button')).toHaveCount(0);
    await expect(testimonials(page).getByRole('button')).toHaveCount(0);
    // The slides are a scroll-snap row: Tab brings each slide's link, and the slide, into view.
    const links = [
      'Explore US tax services',
      'Explore Indian tax services',
      'Ask for a free estimate',
      'Go to the tax center',
    ];
    await carousel.getByRole('link', { name: 'Explore US tax services' }).focus();
    for (const [i, name] of links.entries()) {
      await expect(carousel.getByRole('link', { name })).toBeFocused();
      await expect(carousel.getByRole('group', { name: `${i + 1} of 4` })).toBeInViewport({ ratio: 0.9 });
      await page.keyboard.press('Tab');
    }
  });
});

test.describe('without its scripts', () => {
  // axe-core runs in the page, which needs JavaScript: the page is loaded with every script it asks for
  // answered empty, so no island runs and the page is what a visitor without JavaScript gets.
  test('the home page has no axe-core violations', async ({ page, checkA11y }) => {
    await page.route('**/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/');
    await expect(banner(page)).toHaveAttribute('data-ready', 'false');
    await expect(banner(page).getByRole('group')).toHaveCount(4);
    await checkA11y(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.smallPhone, isMobile: true, hasTouch: true });

  test('the home page fits 375 px and has no axe-core violations', async ({ page, checkA11y }) => {
    await page.goto('/');
    await expectNoPopup(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expect(banner(page).getByRole('button', { name: 'Next slide' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: /slideshow$/ })).toBeVisible();
    await checkA11y(page);
  });
});
