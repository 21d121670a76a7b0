import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';

const FIRM = 'Meridian Tax & Accounting';

/** The company profile and the three service pages: their h1 and text the server must send without JavaScript. */
const PAGES = [
  {
    path: '/profile',
    h1: 'Company profile',
    texts: [
      'US and India-linked taxpayers',
      'Who we are',
      'How we work',
      'secure client portal',
      'Review your tax summary',
      'We e-file',
      'Accuracy',
      'Confidentiality',
      'Year-round support',
      'Why clients choose us',
      'href="/contact-us"',
      'href="/us-tax-services"',
    ],
  },
  {
    path: '/tax-services',
    h1: 'Tax services',
    texts: [
      'US tax services',
      'Indian tax services',
      'Individual tax services',
      'Business tax services',
      '1040NR',
      'Tax audit',
      'href="/us-tax-services"',
      'href="/indian-tax-services"',
    ],
  },
  {
    path: '/us-tax-services',
    h1: 'US tax services',
    texts: [
      'Individual tax services',
      'Business tax services',
      'Form 1040',
      '1040NR',
      '1040X',
      'Form W-7 and ITIN',
      'Form W-4',
      'Form 8938',
      'FBAR',
      'Form 1120',
      'Form 1065',
      'Form 1120S',
      'Form 1040 is due April 15',
      'April 16 in some years), with an automatic extension to October 15',
      '7.5%',
      '$2,500',
    ],
  },
  {
    path: '/indian-tax-services',
    h1: 'Indian tax services',
    texts: [
      'Advisory on taxation',
      'Incorporation',
      'Partnership firm formation',
      'PAN and TAN',
      'Statutory audit',
      'Tax audit',
      'Rs 1 crore',
      'Rs 25 lakh in earlier years, Rs 50 lakh today',
      '30 September',
      '31 July',
      'Rs 10,000',
    ],
  },
] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('profile and service pages', () => {
  for (const { path, h1, texts } of PAGES) {
    test(`the raw HTML of ${path} (no JavaScript) holds its h1 and key facts`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
      const html = await res.text();
      expect(html.match(/<h1[\s>]/g), 'exactly one h1').toHaveLength(1);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(h1)}</h1>`));
      for (const text of texts) expect(html, `raw HTML of ${path} contains ${text}`).toContain(text);
    });
  }

  test('each page has a unique title ending with the firm name, a description and a canonical link', async ({
    page,
  }) => {
    const titleSuffix = new RegExp(` \\| ${escapeRegExp(FIRM)}$`);
    await page.goto('/');
    const titles = new Set([await page.title()]);
    for (const { path } of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(titleSuffix);
      titles.add(await page.title());
      const description = (await page.locator('head meta[name="description"]').getAttribute('content')) ?? '';
      expect(description.length, `description of ${path}`).toBeGreaterThanOrEqual(120);
      expect(description.length, `description of ${path}`).toBeLessThanOrEqual(160);
      const canonical = page.locator('head link[rel="canonical"]');
      await expect(canonical).toHaveCount(1);
      expect(new URL((await canonical.getAttribute('href')) ?? '').pathname, `canonical of ${path}`).toBe(
        path,
      );
    }
    expect(titles.size, 'titles are unique, also against the home page').toBe(PAGES.length + 1);
  });

  test('headings start at the one h1 and never skip a level', async ({ page }) => {
    for (const { path } of PAGES) {
      await page.goto(path);
      const levels = await page
        .locator('main')
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
      expect(levels[0], `first heading of ${path}`).toBe(1);
      expect(
        levels.filter((l) => l === 1),
        `h1 count of ${path}`,
      ).toHaveLength(1);
      for (let i = 1; i < levels.length; i += 1) {
        expect(levels[i], `heading ${i} of ${path}`).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
      }
    }
  });

  test('the services overview links to the US and Indian service pages', async ({ page }) => {
    await page.goto('/tax-services');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'All US tax services' })).toHaveAttribute(
      'href',
      '/us-tax-services',
    );
    await expect(main.getByRole('link', { name: 'All Indian tax services' })).toHaveAttribute(
      'href',
      '/indian-tax-services',
    );
    await main.getByRole('link', { name: 'US business tax services' }).click();
    await expect(page).toHaveURL(/\/us-tax-services#business-tax-services$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Business tax services' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 3, name: 'S corporation return (Form 1120S)' }),
    ).toBeVisible();
  });

  test('the profile ends with links to contact and to US tax services', async ({ page }) => {
    await page.goto('/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect(main.getByRole('link', { name: 'Explore US tax services' })).toHaveAttribute(
      'href',
      '/us-tax-services',
    );
  });

  for (const { path } of PAGES) {
    test(`${path} has no axe-core violations on desktop`, async ({ page, checkA11y }) => {
      await page.goto(path);
      await checkA11y(page);
    });
  }
});

test.describe('profile and service pages on a phone', () => {
  test.use({ viewport: VIEWPORTS.smallPhone, isMobile: true, hasTouch: true });

  for (const { path, h1 } of PAGES) {
    test(`${path} has no axe-core violations and no sideways scroll at 375 px`, async ({
      page,
      checkA11y,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await checkA11y(page);
    });
  }
});
