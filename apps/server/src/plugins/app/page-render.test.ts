import { gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { SiteSettings, WebLoadContext } from '@taxfirm/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageRenderer, ISLANDS_PAGE_HEADER, type PageRender } from './page-render.ts';

/**
 * A stand-in for React Router's handler: a page that shows the firm's name, uses the nonce in an inline
 * script and carries the form token in its form, marked as an islands page except under /react.
 */
function fakeSite() {
  let settings = { firm_name: 'Rao & Co' } as unknown as SiteSettings;
  const renders: string[] = [];
  const handler = async (request: Request, context: WebLoadContext) => {
    const url = new URL(request.url);
    renders.push(url.pathname + url.search);
    const { firm_name } = await context.getSiteSettings();
    const html =
      `<!DOCTYPE html><html><head><script nonce="${context.cspNonce}">window.x=1</script></head>` +
      `<body><h1>${firm_name}</h1><p>${url.pathname}${url.search}</p>` +
      `<p>${context.formResult?.message ?? ''}</p>` +
      `<form method="post"><input type="hidden" name="_csrf" value="${context.formToken}"></form>` +
      `<p>${'filler '.repeat(300)}</p></body></html>`;
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    if (!url.pathname.startsWith('/react')) headers.set(ISLANDS_PAGE_HEADER, '1');
    if (url.pathname === '/cookie') headers.append('set-cookie', 'flash=1; Path=/');
    return new Response(request.method === 'HEAD' ? null : html, { status: 200, headers });
  };
  return {
    handler,
    renders,
    getSiteSettings: async () => settings,
    // The settings cache hands out a new object after a change.
    rename: (firm_name: string) => {
      settings = { ...settings, firm_name } as SiteSettings;
    },
  };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function serve(site: ReturnType<typeof fakeSite>, cache = true) {
  const app = Fastify();
  apps.push(app);
  await app.register(compress, { global: false });
  const render: PageRender = createPageRenderer({
    handler: site.handler,
    origin: 'https://firm.example',
    getSiteSettings: site.getSiteSettings,
    islandsScript: '/assets/islands.js',
    contentSecurityPolicy: (nonce) => `script-src 'nonce-${nonce}'`,
    // The visitor's token: what the CSRF plugin would give this request.
    formToken: (request) => String(request.headers['x-visitor-token'] ?? ''),
    cache,
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    compress: { encodings: ['br', 'gzip'], threshold: 1024 },
    handler: (request, reply) => render(request, reply),
  });
  app.post('/*', (request, reply) =>
    render(request, reply, { status: 400, ok: false, message: 'Bad input', fieldErrors: {}, values: {} }),
  );
  await app.ready();
  return app;
}

const TOKEN_A = 'visitorA.tokenAAAA';
const TOKEN_B = 'visitorB.tokenBBBB';

/** The nonce of the CSP header and of the page's inline script. */
function nonces(res: { headers: Record<string, unknown>; body: string }) {
  const header = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  const body = /<script nonce="([^"]+)"/.exec(res.body)?.[1];
  return { header, body };
}

describe('createPageRenderer', () => {
  it('answers an islands page from its cache the second time, with a fresh nonce in header and body', async () => {
    const site = fakeSite();
    const app = await serve(site);
    const get = () => app.inject({ url: '/disclaimer', headers: { 'x-visitor-token': TOKEN_A } });
    const first = await get();
    const second = await get();
    expect(site.renders).toEqual(['/disclaimer']);
    expect(second.statusCode).toBe(200);
    const a = nonces(first);
    const b = nonces(second);
    expect(a.header).toBeTruthy();
    expect(a.body).toBe(a.header);
    expect(b.body).toBe(b.header);
    expect(b.header).not.toBe(a.header);
    expect(second.body).toBe(first.body.replace(a.header as string, b.header as string));
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers[ISLANDS_PAGE_HEADER]).toBeUndefined();
    expect(first.headers[ISLANDS_PAGE_HEADER]).toBeUndefined();
  });

  it('gives each visitor their own form token, never the one the page was rendered with', async () => {
    const site = fakeSite();
    const app = await serve(site);
    const first = await app.inject({ url: '/contact-us', headers: { 'x-visitor-token': TOKEN_A } });
    const second = await app.inject({ url: '/contact-us', headers: { 'x-visitor-token': TOKEN_B } });
    expect(site.renders).toEqual(['/contact-us']);
    expect(first.body).toContain(`value="${TOKEN_A}"`);
    expect(second.body).toContain(`value="${TOKEN_B}"`);
    expect(second.body).not.toContain(TOKEN_A);
    const third = await app.inject({ url: '/contact-us', headers: { 'x-visitor-token': TOKEN_A } });
    expect(third.body).toContain(`value="${TOKEN_A}"`);
    expect(third.body).not.toContain(TOKEN_B);
  });

  it('shows a settings change on the next request', async () => {
    const site = fakeSite();
    const app = await serve(site);
    const get = () => app.inject({ url: '/disclaimer', headers: { 'x-visitor-token': TOKEN_A } });
    expect((await get()).body).toContain('<h1>Rao & Co</h1>');
    site.rename('Mehta Tax LLP');
    const after = await get();
    expect(after.body).toContain('<h1>Mehta Tax LLP</h1>');
    expect(site.renders).toEqual(['/disclaimer', '/disclaimer']);
    await get();
    expect(site.renders).toHaveLength(2);
  });

  it('renders a query string, a POST, a React page and a page that sets a cookie fresh every time', async () => {
    const site = fakeSite();
    const app = await serve(site);
    const headers = { 'x-visitor-token': TOKEN_A };
    for (let i = 0; i < 2; i += 1) {
      await app.inject({ url: '/disclaimer?utm=1', headers });
      await app.inject({ url: '/react-page', headers });
      const cookie = await app.inject({ url: '/cookie', headers });
      expect(cookie.headers['set-cookie']).toBe('flash=1; Path=/');
      const post = await app.inject({ method: 'POST', url: '/contact-us', headers });
      expect(post.statusCode).toBe(400);
      expect(post.body).toContain('<p>Bad input</p>');
    }
    expect(site.renders).toEqual([
      '/disclaimer?utm=1',
      '/react-page',
      '/cookie',
      '/contact-us',
      '/disclaimer?utm=1',
      '/react-page',
      '/cookie',
      '/contact-us',
    ]);
    // The POST's answer was not kept: the page's GET shows no outcome.
    const page = await app.inject({ url: '/contact-us', headers });
    expect(page.body).toContain('<p></p>');
  });

  it('keeps nothing when the cache is off (development)', async () => {
    const site = fakeSite();
    const app = await serve(site, false);
    await app.inject({ url: '/disclaimer', headers: { 'x-visitor-token': TOKEN_A } });
    await app.inject({ url: '/disclaimer', headers: { 'x-visitor-token': TOKEN_A } });
    expect(site.renders).toHaveLength(2);
  });

  it('compresses a page answered from the cache', async () => {
    const site = fakeSite();
    const app = await serve(site);
    const headers = { 'x-visitor-token': TOKEN_A, 'accept-encoding': 'gzip' };
    await app.inject({ url: '/disclaimer', headers });
    const res = await app.inject({ url: '/disclaimer', headers });
    expect(site.renders).toHaveLength(1);
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString('utf8');
    expect(html).toContain(`value="${TOKEN_A}"`);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(html).toContain(`<script nonce="${nonce}">`);
  });

  it('answers a HEAD from the cache with the headers of the GET', async () => {
    const site = fakeSite();
    const app = await serve(site);
    await app.inject({ url: '/disclaimer', headers: { 'x-visitor-token': TOKEN_A } });
    const head = await app.inject({ method: 'HEAD', url: '/disclaimer' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
    expect(site.renders).toEqual(['/disclaimer']);
  });
});
