import { isApiPath } from '../../lib/request-path.ts';

/**
 * isApiPath (lib/request-path.ts) with a shortcut for the common case: a URL under /api/ with nothing to decode
 * (no '%') and no repeated slash routes by itself, so it is an API path without decoding it. Every other URL
 * goes through isApiPath. Called by the per-request hooks (app.ts, plugins/app/session.ts).
 */
export function isApiUrl(url: string): boolean {
  if (url.startsWith('/api/') && !url.includes('%') && !url.includes('//')) return true;
  return isApiPath(url);
}
