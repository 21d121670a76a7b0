import type { SiteSettings } from './settings/settings.schemas.ts';

/**
 * What the server hands to the web app's server-side loaders for each page request
 * (React Router's load context). Loaders read settings through it, in-process, not over HTTP.
 */
export type WebLoadContext = {
  /** The nonce of this response's Content-Security-Policy, for the inline hydration scripts. */
  cspNonce: string;
  /** The site's public origin (APP_URL), for canonical links, Open Graph and the sitemap. */
  siteUrl: string;
  /** Current site settings, read from the database for this request. */
  getSiteSettings: () => Promise<SiteSettings>;
  /**
   * The URL of the islands entry (apps/web/app/islands/main.ts, built on its own): pages whose route handle
   * says `islands: true` load only this script, never React (ADR 021).
   */
  islandsScript: string;
};
