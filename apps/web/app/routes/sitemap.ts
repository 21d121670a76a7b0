import type { WebLoadContext } from '@taxfirm/contract';
import { SITEMAP_PAGES } from '../config/public-pages.ts';
import type { Route } from './+types/sitemap';

/** sitemap.xml: every public page, on the site's own origin. */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context as WebLoadContext;
  const urls = SITEMAP_PAGES.map(
    (p) => `  <url><loc>${new URL(p.path, siteUrl).href}</loc><priority>${p.priority}</priority></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
