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
  /** The CSRF token a form posted without JavaScript carries in its `_csrf` field (the XSRF-TOKEN cookie). */
  formToken: string;
  /** A public form's outcome when the page answers its own POST (a browser without JavaScript). */
  formResult?: PageFormResult;
};

/** The name of the hidden field that carries the CSRF token in a form posted without JavaScript. */
export const FORM_TOKEN_FIELD = '_csrf';

/**
 * What a public page's form POST came to: the HTTP status, the message (success or a failure the visitor
 * cannot fix in a field), each field's message, and the values to show again (none after a success).
 */
export type PageFormResult = {
  status: number;
  ok: boolean;
  message: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
};
