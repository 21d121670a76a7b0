import type { WebLoadContext } from '@taxfirm/contract';
import type { Route } from './+types/robots';

/**
 * robots.txt: the portal, console, API and signing links are not for crawlers; the sitemap is on the site's
 * own origin.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context as WebLoadContext;
  const body = [
    'User-agent: *',
    'Disallow: /user/',
    'Disallow: /staff/',
    'Disallow: /api/',
    // The spouse's signing links (their pages say noindex as well).
    'Disallow: /sign/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
