/**
 * Public content pages are server-rendered HTML that needs no React (ADR 021): a route marks itself with
 * `export const handle = ISLANDS_PAGE` and the document then loads only the islands script, no hydration.
 * Such a route also exports a server `loader` (even `() => null`: without one React Router renders a hydration
 * fallback instead of the page) and `clientLoader = loadAsDocument`.
 */
import { redirectDocument, useMatches, type ClientLoaderFunctionArgs } from 'react-router';

export type IslandsHandle = { islands: true };

/**
 * What an islands page's loader may return: `pageCss`, its own CSS modules' text (imported with `?inline` in a
 * `.server.ts` module), is inlined in the page's <head> and its linked stylesheet left out.
 */
export type IslandsPageData = { pageCss?: string } | null;

/** The inline CSS a route's loader data carries, if any. */
export function pageCssOf(data: unknown): string | undefined {
  const css = typeof data === 'object' && data !== null ? (data as { pageCss?: unknown }).pageCss : undefined;
  return typeof css === 'string' ? css : undefined;
}

/** The route handle of a page served without React. */
export const ISLANDS_PAGE: IslandsHandle = { islands: true };

function isIslandsHandle(handle: unknown): handle is IslandsHandle {
  return typeof handle === 'object' && handle !== null && (handle as { islands?: unknown }).islands === true;
}

/** Whether the page being rendered is served without React (its deepest route says so). */
export function useIslandsPage(): boolean {
  const matches = useMatches();
  return isIslandsHandle(matches.at(-1)?.handle);
}

/**
 * An islands page's clientLoader: React never renders it in the browser, so a link to it from a React page
 * (the portal's footer, a verification page) loads the document from the server instead.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): never {
  const url = new URL(request.url);
  throw redirectDocument(`${url.pathname}${url.search}${url.hash}`);
}
