import type { Locator, Page } from '@playwright/test';
import { eq, siteSettings } from '@taxfirm/db';
// The home page must show exactly the reviews of the web app's own data file, so the spec reads that file.
// eslint-disable-next-line import-x/no-relative-packages
import { TESTIMONIALS } from '../../../apps/web/app/features/testimonials/testimonials.ts';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import type { AppServer } from '../../support/server.ts';
import { decodeEntities } from '../../support/html.ts';

const FIRM = 'Meridian Tax & Accounting';

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

const OFFER_BENEFITS = [
  'Free tax estimates',
  'Free tax representation for 5 years',
  'ITIN certification by certified agents',
  'Guaranteed estimated refund',
];

/** Each popup design: the dialog's title and text it must show. */
const POPUPS = [
  {
    type: 1,
    title: 'Welcome offer: 50% off your tax filing',
    text: ['50%', 'federal return and one state return', ...OFFER_BENEFITS, 'January 31, 2099'],
  },
  { type: 2, title: 'File with us this season', text: ['US returns', 'Indian returns', 'Contact Us'] },
  {
    type: 3,
    title: `Welcome to ${FIRM}`,
    text: ['US tax services', 'Indian tax services', 'Tax center'],
  },
] as const;

const banner = (page: Page) => page.getByRole('region', { name: 'Featured services' });
const testimonials = (page: Page) => page.getByRole('region', { name: 'Client testimonials' });

/**
 * Waits until the carousel island has run (its Embla instance moves the slides). The island starts a carousel
 * only once it is near the viewport, so the carousel is scrolled into view first.
 */
async function ready(carousel: Locator) {
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute('data-ready', 'true');
}

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

async function setPopup(
  server: AppServer,
  popup: { popupEnabled: boolean; popupType: number; offerEndsOn: string | null },
) {
  await server.withDatabase((db) =>
    db.update(siteSettings).set(popup).where(eq(siteSettings.singleton, true)),
  );
}

const POPUP_DEFAULTS = { popupEnabled: false, popupType: 1, offerEndsOn: null };

/** Once the islands have run and the network is quiet (the popup's island is fetched on demand), no dialog. */
async function expectNoPopup(page: Page) {
  await ready(banner(page));
  // The page makes no background requests, so a quiet network means the popup's island would have run.
  // eslint-disable-next-line playwright/no-networkidle
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
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

test.describe('home popup', () => {
  // Each database change restarts the app server (PGlite), twice a test.
  test.describe.configure({ timeout: 60_000 });

  test('is absent when the setting is off (the default)', async ({ page }) => {
    await page.goto('/');
    await expectNoPopup(page);
    expect(await page.evaluate(() => sessionStorage.getItem('home_popup_closed'))).toBeNull();
  });

  for (const popup of POPUPS) {
    test(`popup type ${popup.type}: opens once the page has loaded, traps focus, and Escape or Close shuts it for the visit`, async ({
      page,
      request,
      server,
      checkA11y,
    }) => {
      await setPopup(server, { popupEnabled: true, popupType: popup.type, offerEndsOn: '2099-01-31' });
      try {
        // In the server HTML as closed native dialogs only: the island opens one in the browser.
        const raw = await (await request.get('/')).text();
        const dialogs = raw.match(/<dialog[^>]*>/g) ?? [];
        expect(dialogs.length).toBeGreaterThanOrEqual(1);
        for (const tag of dialogs) expect(tag).not.toMatch(/\sopen[\s=>]/);

        await page.goto('/');
        const dialog = page.getByRole('dialog', { name: popup.title });
        await expect(dialog).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCount(1);
        for (const text of popup.text) await expect(dialog, text).toContainText(text);
        await checkA11y(page);

        // Focus stays inside the dialog.
        await expect(dialog.locator(':focus')).toHaveCount(1);
        for (let i = 0; i < 8; i += 1) {
          await page.keyboard.press('Tab');
          await expect(dialog.locator(':focus')).toHaveCount(1);
        }

        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        expect(await page.evaluate(() => sessionStorage.getItem('home_popup_closed'))).not.toBeNull();
        await page.reload();
        await expectNoPopup(page);

        // A new visit (sessionStorage is per tab) shows it again; its Close button shuts it too.
        await page.evaluate(() => sessionStorage.clear());
        await page.reload();
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(dialog).toBeHidden();
        await checkA11y(page);
        await page.reload();
        await expectNoPopup(page);
      } finally {
        await page.goto('about:blank');
        await setPopup(server, POPUP_DEFAULTS);
      }
    });
  }

  test('type 1 welcomes without an offer once the offer has ended', async ({ page, server }) => {
    await setPopup(server, { popupEnabled: true, popupType: 1, offerEndsOn: '2020-01-31' });
    try {
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: `Welcome to ${FIRM}` });
      await expect(dialog).toBeVisible();
      await expect(dialog).not.toContainText('50%');
      await expect(dialog).not.toContainText('Offer valid');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await page.goto('about:blank');
      await setPopup(server, POPUP_DEFAULTS);
    }
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

  test('the popup never opens', async ({ page, server }) => {
    test.setTimeout(60_000);
    await setPopup(server, { popupEnabled: true, popupType: 3, offerEndsOn: null });
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Explore US tax services' })).toBeVisible();
    } finally {
      await page.goto('about:blank');
      await setPopup(server, POPUP_DEFAULTS);
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

  test('the popup fits the screen and has no axe-core violations, open or closed', async ({
    page,
    server,
    checkA11y,
  }) => {
    // The database change restarts the app server (PGlite), twice.
    test.setTimeout(60_000);
    await setPopup(server, { popupEnabled: true, popupType: 1, offerEndsOn: '2099-01-31' });
    try {
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: POPUPS[0].title });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(375);
      await checkA11y(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await checkA11y(page);
    } finally {
      await page.goto('about:blank');
      await setPopup(server, POPUP_DEFAULTS);
    }
  });
});
