import { SITEMAP_ROUTES } from '@taxfirm/server/bench/lighthouse-pages.ts';
import { expect, test } from '../../support/fixtures.ts';

test.describe('search engines', () => {
  test('sitemap.xml lists every public page on the site origin', async ({ request, baseURL }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(locs.sort()).toEqual([...SITEMAP_ROUTES].sort());
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      expect(new URL(m[1] ?? '').port).toBe(new URL(baseURL ?? '').port);
    }
  });

  test('robots.txt keeps crawlers out of the portal, console and API and names the sitemap', async ({
    request,
  }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain('Disallow: /user/');
    expect(text).toContain('Disallow: /staff/');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /sign/');
    expect(text).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
  });

  test('every public page has a unique title and description, a canonical link and Open Graph tags', async ({
    request,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of SITEMAP_ROUTES) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(title, path).toMatch(/ \| Meridian Tax &amp; Accounting$/);
      expect(description.length, path).toBeGreaterThan(50);
      titles.add(title);
      descriptions.add(description);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(new URL(canonical).pathname, path).toBe(path);
      expect(html, path).toContain('<meta property="og:title"');
      expect(html, path).toContain(`<meta property="og:url" content="${canonical}"`);
      expect(html.match(/<h1[\s>]/g) ?? [], path).toHaveLength(1);
    }
    expect(titles.size).toBe(SITEMAP_ROUTES.length);
    expect(descriptions.size).toBe(SITEMAP_ROUTES.length);
  });

  test('pages carry schema.org AccountingService data with the firm details from settings', async ({
    request,
  }) => {
    const html = await (await request.get('/contact-us')).text();
    const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1] ?? '{}';
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AccountingService',
      name: 'Meridian Tax & Accounting',
      email: 'support@example.com',
      telephone: '(214)-555-0142',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1200 Main Street, Suite 400, Dallas, TX 75202, USA',
      },
    });
    expect(JSON.stringify(data.contactPoint)).toContain('04055-550142');
  });
});
