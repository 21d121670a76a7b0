import type { SiteSettings } from '@taxfirm/contract';
import { useRouteLoaderData, type MetaDescriptor } from 'react-router';

/** What the public layout's loader gives every public page (see routes/public/layout.tsx). */
export type PublicLayoutData = {
  settings: SiteSettings;
  siteUrl: string;
  year: number;
  /** The islands entry's URL, loaded by pages whose handle says `islands: true` (ADR 021). */
  islandsScript: string;
  /** The stylesheet an islands page inlines in its <head> instead of linking the app's (ADR 021). */
  criticalCss: string;
};

export const PUBLIC_LAYOUT_ID = 'routes/public/layout';

/** The public layout's data inside a public page. */
export function usePublicLayoutData(): PublicLayoutData {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  if (!data) throw new Error('usePublicLayoutData is only for pages inside the public layout');
  return data;
}

type MetaMatch = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The public layout's data from a meta function's matches. */
export function publicLayoutData(matches: readonly MetaMatch[]): PublicLayoutData | undefined {
  const match = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID);
  return (match?.loaderData ?? match?.data) as PublicLayoutData | undefined;
}

/**
 * A public page's head: a unique title ("Page | Firm"), description, canonical link and Open Graph tags.
 * Every public route's meta() returns this.
 */
export function publicMeta(
  matches: readonly MetaMatch[],
  page: { title: string; description: string; path: string; noIndex?: boolean },
): MetaDescriptor[] {
  const layout = publicLayoutData(matches);
  const firm = layout?.settings.firm_name ?? '';
  const title = firm ? `${page.title} | ${firm}` : page.title;
  const url = layout ? new URL(page.path, layout.siteUrl).href : page.path;
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: firm },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
    ...(page.noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
