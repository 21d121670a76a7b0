import { eq, siteSettings } from '@taxfirm/db';
import { VIEWPORTS } from '../../support/files.ts';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { apiPost, loginThroughPanel, verifiedAccount } from '../../support/portal.ts';

/**
 * A page fetched with its CSP checked: script-src never allows unsafe-inline and carries a nonce. Answers the
 * nonce and the page's HTML.
 */
async function pageUnderNonce(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  const csp = res.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1] ?? '';
  expect(nonce).not.toBe('');
  return { nonce, html: await res.text() };
}

/** The tags of `html` that `pattern` matches and the nonce must cover: JSON-LD data blocks are not scripts. */
const tagsNeedingNonce = (html: string, pattern: RegExp) =>
  (html.match(pattern) ?? []).filter((tag) => !tag.includes('application/ld+json'));

const NAV_LABELS = ['Profile', 'Services', 'Testimonials', 'Careers', 'Contact Us', 'Refer a Friend'];

test.describe('public chrome', () => {
  test('the raw HTML of / (no JavaScript) holds the chrome with the current settings', async ({
    request,
  }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    for (const text of [
      'support@example.com',
      '(214)-555-0142',
      '04055-550142',
      'Mon to Fri',
      '9:30AM CST to 6:30PM CST',
      ...NAV_LABELS,
      'US Tax Services',
      'Indian Tax Services',
      'Privacy Policy',
      `© ${new Date().getFullYear()} Meridian Tax &amp; Accounting`,
    ]) {
      expect(html, `raw HTML contains ${text}`).toContain(text);
    }
    expect(html).toContain('<h1');
  });

  test('an unknown API path answers the 404 envelope, not a page, for GET too', async ({ request }) => {
    for (const url of ['/api/no-such-call', '/api//nothing/here']) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(404);
      expect(res.headers()['content-type'], url).toContain('application/json');
      expect(await res.json(), url).toMatchObject({ http_code: 404, code: 'NOT_FOUND' });
    }
  });

  test('hashed assets are compressed, cached for a year and carry no CSRF cookie', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const href = /\/assets\/[\w.-]+\.js/.exec(html)?.[0] ?? '';
    expect(href).not.toBe('');
    const res = await request.get(href, { headers: { cookie: '', 'accept-encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    // Precompressed at build time (scripts/precompress.mjs).
    expect(res.headers()['content-encoding']).toBe('br');
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['set-cookie']).toBeUndefined();
  });

  test('page scripts run under a per-response CSP nonce, never unsafe-inline', async ({ request }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      // A React page: its hydration data and route modules come as inline scripts.
      const { nonce, html } = await pageUnderNonce(request, '/newpasswordlink');
      // Inline scripts that run (JSON-LD data blocks are not scripts to the browser and need no nonce).
      const inlineScripts = tagsNeedingNonce(html, /<script(?![^>]*\ssrc=)[^>]*>/g);
      expect(inlineScripts.length).toBeGreaterThan(0);
      for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("an islands page's module script and inline stylesheet carry the response's nonce", async ({
    request,
  }) => {
    const { nonce, html } = await pageUnderNonce(request, '/');
    const tags = tagsNeedingNonce(html, /<(?:script|style)\b[^>]*>/g);
    expect(tags.filter((tag) => tag.startsWith('<script'))).toHaveLength(1);
    expect(tags.some((tag) => tag.startsWith('<style'))).toBe(true);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('the home and form pages link no stylesheet: their inline one styles every class they use', async ({
    request,
  }) => {
    for (const path of ['/', '/contact-us', '/careers', '/refer-a-friend', '/tax-center']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
      // Mantine's component classes (m_xxxxxxxx) and the pages' CSS-module classes (_name_hash_n).
      const classes = new Set(
        [...html.matchAll(/class="([^"]*)"/g)]
          .flatMap((m) => (m[1] ?? '').split(/\s+/))
          .filter((c) => /^(m_[0-9a-f]{6,8}|_[A-Za-z][\w-]*_[\w-]+_\d+)$/.test(c)),
      );
      expect(classes.size, path).toBeGreaterThan(10);
      expect(
        [...classes].filter((c) => !inlineCss.includes(`.${c}`)),
        path,
      ).toEqual([]);
    }
  });

  test('a setting changed in the database shows in the top bar and footer', async ({ page, server }) => {
    await server.withDatabase((db) =>
      db
        .update(siteSettings)
        .set({
          siteEmail: 'hello@ledger.example',
          usPhoneNumber: '(972)-555-0199',
          indiaPhoneNumber: '98765-00011',
          officeDays: 'Mon to Sat',
          officeTimings: '8:00AM EST to 5:00PM EST',
          firmName: 'Ledger Street Tax',
        })
        .where(eq(siteSettings.singleton, true)),
    );
    try {
      await page.goto('/');
      const topBar = page.getByTestId('top-bar');
      await expect(topBar.getByRole('link', { name: 'hello@ledger.example' })).toBeVisible();
      await expect(topBar.getByRole('link', { name: '(972)-555-0199' })).toHaveAttribute(
        'href',
        'tel:+19725550199',
      );
      await expect(topBar.getByRole('link', { name: '98765-00011' })).toHaveAttribute(
        'href',
        'tel:+919876500011',
      );
      await expect(topBar.getByTestId('office-hours')).toHaveText('Mon to Sat, 8:00AM EST to 5:00PM EST');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'hello@ledger.example' })).toBeVisible();
      await expect(footer.getByText('98765-00011')).toBeVisible();
      await expect(page.getByTestId('copyright')).toHaveText(
        `© ${new Date().getFullYear()} Ledger Street Tax. All rights reserved.`,
      );
    } finally {
      await page.goto('about:blank');
      await server.withDatabase((db) =>
        db
          .update(siteSettings)
          .set({
            siteEmail: 'support@example.com',
            usPhoneNumber: '(214)-555-0142',
            indiaPhoneNumber: '04055-550142',
            officeDays: 'Mon to Fri',
            officeTimings: '9:30AM CST to 6:30PM CST',
            firmName: 'Meridian Tax & Accounting',
          })
          .where(eq(siteSettings.singleton, true)),
      );
    }
  });

  test('empty office days and timings fall back to the specification defaults', async ({ page, server }) => {
    await server.withDatabase((db) =>
      db
        .update(siteSettings)
        .set({ officeDays: '', officeTimings: '' })
        .where(eq(siteSettings.singleton, true)),
    );
    try {
      await page.goto('/');
      await expect(page.getByTestId('office-hours')).toHaveText('Mon to Fri, 9:30AM CST to 6:30PM CST');
    } finally {
      await page.goto('about:blank');
      await server.withDatabase((db) =>
        db
          .update(siteSettings)
          .set({ officeDays: 'Mon to Fri', officeTimings: '9:30AM CST to 6:30PM CST' })
          .where(eq(siteSettings.singleton, true)),
      );
    }
  });

  test('the footer has services, quick links, contact details and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'US Tax Services' })).toHaveAttribute(
      'href',
      '/us-tax-services',
    );
    await expect(footer.getByRole('link', { name: 'Indian Tax Services' })).toHaveAttribute(
      'href',
      '/indian-tax-services',
    );
    for (const name of [
      'Tax Center',
      'Careers',
      'Contact Us',
      'Privacy Policy',
      'Terms & Conditions',
      'Disclaimer',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByText('Corporate office:')).toBeVisible();
    await expect(footer.getByText('Processing center:')).toBeVisible();
    await expect(page.getByTestId('copyright')).toContainText(String(new Date().getFullYear()));
  });

  test('the Services menu opens and navigates by keyboard; Escape and a click outside close it', async ({
    page,
  }) => {
    await page.goto('/profile');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByTestId('services-menu');
    const services = menu.locator('summary');
    await nav.getByRole('link', { name: 'Profile' }).focus();
    await page.keyboard.press('Tab');
    await expect(services).toBeFocused();
    await expect(services).toHaveText('Services');
    await expect(menu).toHaveJSProperty('open', false);
    await expect(menu.getByRole('link', { name: 'US TAX SERVICES' })).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveJSProperty('open', true);
    await expect(menu.getByRole('link', { name: 'US TAX SERVICES' })).toBeVisible();
    // Escape closes it (the site-nav island) and leaves focus on Services.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveJSProperty('open', false);
    await expect(services).toBeFocused();

    // A click elsewhere on the page closes it too.
    await page.keyboard.press('Enter');
    await expect(menu).toHaveJSProperty('open', true);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu).toHaveJSProperty('open', false);

    // As a person would: open it, tab into it, follow a link.
    await services.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'US TAX SERVICES' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'INDIAN TAX SERVICES' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/indian-tax-services$/);
  });

  test('the Services menu works on a React page too (one markup, React drives it)', async ({ page }) => {
    await page.goto('/newpasswordlink');
    const menu = page.getByTestId('services-menu');
    await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: 'US TAX SERVICES' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveJSProperty('open', false);
    await expect(menu.locator('summary')).toBeFocused();
  });

  test('Login and Register open the side panel on a content page, and Escape closes it', async ({ page }) => {
    await page.goto('/profile');
    await page.getByTestId('top-bar').getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByTestId('top-bar').getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('dialog', { name: 'Register' })).toBeVisible();
  });

  test('a content page loads no React: only the islands entry and its islands', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/tax-center');
    // The state refund form's island has run: the entry and the islands it loaded are all requested.
    await expect(page.getByTestId('state-refund-form')).toHaveAttribute('data-ready', 'true');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((p) => /\/assets\/islands-[\w-]+\.js$/.test(p))).toHaveLength(1);
    for (const p of scripts) expect(p, `${p} is an island`).toMatch(/^\/assets\/islands?-/);
    expect(scripts.some((p) => p.includes('entry.client'))).toBe(false);
    // No hydration data and no render-blocking stylesheet in the HTML.
    const html = await (await page.request.get('/tax-center')).text();
    expect(html).not.toContain('__reactRouterContext');
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(html).not.toContain('rel="modulepreload"');
  });

  test('the login panel on a content page logs in; the top bar then offers Dashboard and Logout', async ({
    page,
    mailbox,
  }) => {
    const email = `chrome.login.${Date.now()}@example.com`;
    // Verifying hands off to the home page's login panel with its notice, through the URL.
    await verifiedAccount(page, mailbox, email);
    await expect(page.getByRole('dialog', { name: 'Login' }).getByRole('status')).toHaveText(
      'Your email address is verified. Please log in.',
    );
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/tax-services');
    await loginThroughPanel(page, email);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    await page.goto('/testimonials');
    const topBar = page.getByTestId('top-bar');
    await expect(topBar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(topBar.getByRole('button', { name: 'Login' })).toBeHidden();
    await topBar.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('top-bar').getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The session ended on the server too.
    const status = await apiPost(page, 'settings/logoutstatus', {});
    expect(await status.json()).toMatchObject({ loginstatus: 0 });
  });

  test.describe('an unknown page', () => {
    // The browser reports the page's own 404 status in the console; that is the point of these tests.
    test.use({ allowedConsoleErrors: [/status of 404/] });

    test('home and 404 have no axe-core violations on desktop', async ({ page, checkA11y }) => {
      await page.goto('/');
      await checkA11y(page);
      await page.goto('/no-such-page');
      await checkA11y(page);
    });

    test('an unknown page answers 404 inside the chrome', async ({ page }) => {
      const res = await page.goto('/no-such-page');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByTestId('top-bar')).toBeVisible();
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('a client route without a stored access token goes home', async ({ page }) => {
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tax preparation');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: VIEWPORTS.smallPhone, isMobile: true, hasTouch: true });

  test('the navbar collapses into a keyboard-usable menu', async ({ page, checkA11y }) => {
    await page.goto('/profile');
    await expect(page.getByTestId('services-menu')).toBeHidden();
    const menu = page.getByTestId('mobile-menu');
    const toggle = menu.locator('summary');
    await expect(toggle).toHaveText('Menu');
    await expect(menu).toHaveJSProperty('open', false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveJSProperty('open', true);
    const mobileNav = page.locator('#mobile-nav');
    for (const name of [
      'Profile',
      'US TAX SERVICES',
      'INDIAN TAX SERVICES',
      'Testimonials',
      'Careers',
      'Contact Us',
      'Refer a Friend',
    ]) {
      await expect(mobileNav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await checkA11y(page);
    await page.keyboard.press('Tab');
    await expect(mobileNav.getByRole('link', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(mobileNav).toBeHidden();
    await page.keyboard.press('Enter');
    const contact = mobileNav.getByRole('link', { name: 'Contact Us' });
    await expect(mobileNav.getByRole('link', { name: 'Refer a Friend' })).toBeInViewport({ ratio: 1 });
    await contact.click();
    await page.waitForURL(/\/contact-us$/, { timeout: 15_000 });
    await expect(page.getByTestId('mobile-menu')).toHaveJSProperty('open', false);
  });

  test('the top bar stays readable at 375 px', async ({ page }) => {
    await page.goto('/');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expect(
      page.getByTestId('top-bar').getByRole('link', { name: 'support@example.com' }),
    ).toBeVisible();
  });
});
