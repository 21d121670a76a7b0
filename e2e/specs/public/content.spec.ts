import { eq, siteSettings } from '@taxfirm/db';
// The popup must open exactly the address in the web app's own table, so the spec reads that table.
// eslint-disable-next-line import-x/no-relative-packages
import { STATE_REFUND_LINKS } from '../../../apps/web/app/features/tax-center/state-refund-links.ts';
import { VIEWPORTS } from '../../support/files.ts';
import { expect, test } from '../../support/fixtures.ts';
import { decodeEntities } from '../../support/html.ts';

const FIRM = 'Meridian Tax & Accounting';

/** The five content pages: their one h1 and text that must be in the server-rendered HTML. */
const PAGES = [
  {
    path: '/testimonials',
    h1: 'Client Testimonials',
    text: [
      'Jennifer M.',
      'Rahul S.',
      'Priya K.',
      'Venkat R.',
      'David O.',
      'Maria G.',
      'FBAR and Form 8938 reporting',
      '<blockquote',
      '<figcaption',
    ],
  },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    text: [
      'Information we collect',
      'Social Security numbers (SSNs)',
      'Encryption in transit',
      'Encryption at rest',
      'Audit of access',
      'How long we keep it',
      'Income Tax Department of India',
      'We never sell your personal information',
      'Your choices and rights',
      'Cookies',
      'Effective date:',
    ],
  },
  {
    path: '/terms-conditions',
    h1: 'Terms and Conditions',
    text: [
      'Your portal account',
      'Accuracy of the information you give us',
      'Fees and payment',
      'They are not tax, legal or accounting advice',
      'Limitation of liability',
      'the laws of the State of Texas',
      'Changes to these terms',
    ],
  },
  {
    path: '/disclaimer',
    h1: 'Disclaimer and Consent',
    text: [
      'General disclaimer',
      'It is not tax, legal, accounting or investment advice',
      'Consent to disclose tax return information',
      'Treas. Reg. § 301.7216-3',
      'a tax return preparer located outside the United States',
      'Security statement',
      'Information sharing',
      'Consent to contact by e-mail',
    ],
  },
  {
    path: '/tax-center',
    h1: 'Tax Center',
    text: [
      'Federal refund status',
      'href="https://www.irs.gov/wheres-my-refund"',
      'href="https://www.irs.gov/filing/wheres-my-amended-return"',
      'State refund status',
      'Choose a state',
      'California',
      'Wisconsin',
    ],
  },
] as const;

test.describe('public content pages', () => {
  test('the raw HTML (no JavaScript) holds each page’s h1, key text and canonical link', async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const page of PAGES) {
      const res = await request.get(page.path);
      expect(res.status(), page.path).toBe(200);
      const html = await res.text();
      const h1s = html.match(/<h1[\s>][\s\S]*?<\/h1>/g) ?? [];
      expect(h1s, `${page.path} has exactly one h1`).toHaveLength(1);
      expect(h1s[0]).toContain(`>${page.h1}</h1>`);
      for (const text of page.text) expect(html, `${page.path} contains ${text}`).toContain(text);

      const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      expect(title.endsWith(` | ${FIRM}`), `${page.path} title “${title}”`).toBe(true);
      titles.add(title);

      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, `${page.path} has a canonical link`).toBeDefined();
      expect(new URL(canonical ?? '', 'http://invalid').pathname).toBe(page.path);
      expect(html).toMatch(/<meta name="description" content="[^"]{120,160}"/);
    }
    const home = decodeEntities(
      /<title>([^<]*)<\/title>/.exec(await (await request.get('/')).text())?.[1] ?? '',
    );
    titles.add(home);
    expect(titles.size, 'every title is unique').toBe(PAGES.length + 1);
  });

  test('the pages have no axe-core violations on desktop', async ({ page, checkA11y }) => {
    for (const { path, h1 } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await checkA11y(page);
    }
  });

  test('the legal pages show the contact details from site settings', async ({ page }) => {
    for (const path of ['/privacy-policy', '/terms-conditions', '/disclaimer']) {
      await page.goto(path);
      const contact = page.getByTestId('legal-contact');
      await expect(contact.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
        'href',
        'mailto:support@example.com',
      );
      await expect(contact).toContainText('1200 Main Street, Suite 400, Dallas, TX 75202, USA');
      await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
    }
  });

  test('the federal tiles open the IRS tools in a new tab', async ({ page }) => {
    await page.goto('/tax-center');
    for (const [name, href] of [
      ['Check your federal refund on IRS.gov (opens in a new tab)', 'https://www.irs.gov/wheres-my-refund'],
      [
        'Check your amended return on IRS.gov (opens in a new tab)',
        'https://www.irs.gov/filing/wheres-my-amended-return',
      ],
    ] as const) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('choosing a state and pressing Submit opens that state’s refund page in a popup', async ({
    page,
    context,
  }) => {
    const georgia = STATE_REFUND_LINKS.find((s) => s.code === 'GA');
    expect(georgia).toBeDefined();
    const target = georgia?.url ?? '';
    // The machine may be offline: answer the state's page locally so only the opened address is tested.
    await context.route(
      (url) => url.href === target,
      (route) => route.fulfill({ contentType: 'text/html', body: '<title>Stub</title>' }),
    );

    await page.goto('/tax-center');
    const form = page.getByTestId('state-refund-form');
    await expect(form).toHaveAttribute('data-ready', 'true');
    const select = form.getByLabel('State', { exact: true });
    await expect(select.locator('option')).toHaveCount(STATE_REFUND_LINKS.length + 1);
    await select.selectOption({ label: 'Georgia' });

    const popupPromise = page.waitForEvent('popup');
    await form.getByRole('button', { name: 'Submit' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(target);
    // Opened with noopener: the state's site gets no handle on this page.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/tax-center$/);
    await popup.close();
  });

  test('Submit without a state shows an inline error tied to the select', async ({ page, context }) => {
    await page.goto('/tax-center');
    const form = page.getByTestId('state-refund-form');
    await expect(form).toHaveAttribute('data-ready', 'true');
    await form.getByRole('button', { name: 'Submit' }).click();

    const error = form.getByText('Please choose a state.');
    await expect(error).toBeVisible();
    const select = form.getByLabel('State', { exact: true });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toBeFocused();
    // aria-describedby points at the error, so a screen reader reads it with the select.
    const errorId = await error.evaluate((el) => el.id);
    expect(errorId).not.toBe('');
    await expect(select).toHaveAttribute('aria-describedby', new RegExp(`(^|\\s)${errorId}(\\s|$)`));
    await expect(select).toHaveAccessibleDescription(/Please choose a state\./);
    expect(context.pages()).toHaveLength(1);

    await select.selectOption({ label: 'Ohio' });
    await expect(error).toBeHidden();
  });

  test('the more-reviews link appears only when a review site is set', async ({ page, server }) => {
    await page.goto('/testimonials');
    await expect(page.getByTestId('testimonials').getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('link', { name: /more reviews/i })).toHaveCount(0);

    await page.goto('about:blank');
    await server.withDatabase((db) =>
      db
        .update(siteSettings)
        .set({ reviewsUrl: 'https://reviews.example/firm' })
        .where(eq(siteSettings.singleton, true)),
    );
    try {
      await page.goto('/testimonials');
      const link = page.getByRole('link', { name: 'Read more reviews (opens in a new tab)', exact: true });
      await expect(link).toHaveAttribute('href', 'https://reviews.example/firm');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    } finally {
      await page.goto('about:blank');
      await server.withDatabase((db) =>
        db.update(siteSettings).set({ reviewsUrl: '' }).where(eq(siteSettings.singleton, true)),
      );
    }
  });
});

test.describe('public content pages on a phone', () => {
  test.use({ viewport: VIEWPORTS.smallPhone });

  test('the pages fit 375 px and have no axe-core violations', async ({ page, checkA11y }) => {
    for (const { path, h1 } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} has no horizontal scrolling`).toBeLessThanOrEqual(375);
      await checkA11y(page);
    }
  });
});

test.describe('public content pages with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every content page renders its content, and the chrome’s menus still open', async ({ page }) => {
    for (const { path, h1 } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByTestId('top-bar')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
    // <details> menus need no script.
    const menu = page.getByTestId('services-menu');
    await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: 'US TAX SERVICES' })).toBeVisible();
  });

  test('the state refund form answers by GET with the state’s link, or the error', async ({ page }) => {
    await page.goto('/tax-center');
    const form = page.getByTestId('state-refund-form');
    await expect(form).toHaveAttribute('data-ready', 'false');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/tax-center\?state=$/);
    await expect(form.getByText('Please choose a state.')).toBeVisible();

    await form.getByLabel('State', { exact: true }).selectOption({ label: 'Georgia' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/tax-center\?state=GA$/);
    const georgia = STATE_REFUND_LINKS.find((s) => s.code === 'GA');
    await expect(
      form.getByRole('link', { name: 'Open the Georgia refund status page (opens in a new tab)' }),
    ).toHaveAttribute('href', georgia?.url ?? '');
  });
});
