/**
 * Renders a page through React Router for Fastify, and keeps the rendered HTML of islands pages (ADR 021) so
 * that a content page is answered at nearly the speed of a static file.
 *
 * What is cached: the answer to a GET of an islands page (the web app's entry.server marks it with
 * ISLANDS_PAGE_HEADER) with no query string, status 200 and no cookie set by the render, keyed by its path,
 * and valid while the site settings it was rendered with are current (the settings cache hands out a new
 * object on every change) and the year is the same (the footer shows it). Never a form's POST answer.
 *
 * What is per request: the CSP nonce and the visitor's form token (the CSRF token of the public forms). The
 * stored body has each replaced by a placeholder made of random bytes chosen when the process starts (no
 * content can contain it by chance, and no visitor can learn it), and every answer puts back its own fresh
 * nonce and its visitor's token. Nothing else on an islands page depends on the visitor: their loaders read
 * only the load context.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { PageFormResult, SiteSettings, WebLoadContext } from '@taxfirm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Set by apps/web/app/entry.server.tsx on an islands page's answer; never sent to the browser. */
export const ISLANDS_PAGE_HEADER = 'x-islands-page';

/** The public pages are about fifteen paths; anything beyond this many is rendered without being kept. */
const MAX_ENTRIES = 64;
/** A page larger than this is not kept (a public page is about 125 KB). */
const MAX_BODY_CHARS = 2_000_000;

export type PageHandler = (request: Request, context: WebLoadContext) => Promise<Response>;

export type PageRendererOptions = {
  handler: PageHandler;
  /** The site's own origin: page URLs are built on it, never on the request's Host header. */
  origin: string;
  getSiteSettings: () => Promise<SiteSettings>;
  islandsScript: string;
  /** The Content-Security-Policy header for a page whose inline scripts carry `nonce`. */
  contentSecurityPolicy: (nonce: string) => string;
  /** The token this visitor's forms carry (plugins/app/csrf.ts). */
  formToken: (request: FastifyRequest) => string;
  /** Keep islands pages' HTML (off in development, where the pages' sources change). */
  cache: boolean;
};

export type PageRender = (
  request: FastifyRequest,
  reply: FastifyReply,
  formResult?: PageFormResult,
) => Promise<FastifyReply>;

/**
 * A Fetch API Request for React Router, aborted when the client goes away. The URL is the site's own origin
 * plus the request's path: leading slashes or backslashes ("//evil.example/") cannot turn it into another host.
 */
export function pageUrl(requestUrl: string, origin: string): URL {
  return new URL(`/${requestUrl.replace(/^[/\\]+/, '')}`, origin);
}

/** A page request for React Router: a form's POST is rendered as the page's GET, its outcome in the context. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-type' || key === 'content-length') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
  return new Request(url, { method, headers, signal: controller.signal });
}

type Entry = {
  headers: [string, string][];
  body: string;
  settings: SiteSettings;
  year: number;
};

/** Replaces every occurrence of each key of `values` in `text` (one pass, so a value is never rescanned). */
function substitute(text: string, values: Map<string, string>): string {
  const keys = [...values.keys()].filter((key) => key !== '');
  if (keys.length === 0) return text;
  const pattern = new RegExp(keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (found) => values.get(found) ?? found);
}

export function createPageRenderer(options: PageRendererOptions): PageRender {
  const { handler, origin, getSiteSettings, islandsScript } = options;
  // Shaped like the real values (base64 nonce, base64url token) so they need no escaping in the HTML.
  const noncePlaceholder = randomBytes(16).toString('base64');
  const tokenPlaceholder = `${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
  const entries = new Map<string, Entry>();

  const send = (reply: FastifyReply, status: number, headers: Iterable<[string, string]>) => {
    reply.status(status);
    for (const [key, value] of headers) {
      if (key === 'set-cookie' || key === ISLANDS_PAGE_HEADER) continue;
      reply.header(key, value);
    }
  };

  return async (request, reply, formResult) => {
    // A fresh nonce per page for the inline scripts.
    const cspNonce = randomBytes(16).toString('base64');
    reply.header('content-security-policy', options.contentSecurityPolicy(cspNonce));
    const formToken = options.formToken(request);
    const url = pageUrl(request.url, origin);
    const cacheable =
      options.cache &&
      !formResult &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.includes('?');
    const key = url.pathname;
    const year = new Date().getFullYear();
    const settings = cacheable ? await getSiteSettings() : undefined;

    const hit = cacheable ? entries.get(key) : undefined;
    if (hit && hit.settings === settings && hit.year === year) {
      send(reply, 200, hit.headers);
      const values = new Map([
        [noncePlaceholder, cspNonce],
        [tokenPlaceholder, formToken],
      ]);
      return reply.send(substitute(hit.body, values));
    }

    const context: WebLoadContext = {
      cspNonce,
      siteUrl: origin,
      getSiteSettings,
      islandsScript,
      formToken,
      ...(formResult ? { formResult } : {}),
    };
    const response = await handler(toFetchRequest(request, reply, url), context);
    // A form's outcome (400, 429...) is the status of the page that shows it.
    const status = response.status === 200 && formResult ? formResult.status : response.status;
    send(reply, status, response.headers);
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    if (!response.body) return reply.send();

    const keep =
      cacheable &&
      request.method === 'GET' &&
      response.status === 200 &&
      response.headers.has(ISLANDS_PAGE_HEADER) &&
      response.headers.getSetCookie().length === 0 &&
      // Without a token of its own the visitor's forms could not be told apart from the page's text.
      formToken !== '';
    if (!keep) return reply.send(Readable.fromWeb(response.body as NodeReadableStream));

    const body = await response.text();
    if (body.length <= MAX_BODY_CHARS && settings) {
      const stored = substitute(
        body,
        new Map([
          [cspNonce, noncePlaceholder],
          [formToken, tokenPlaceholder],
        ]),
      );
      const headers = [...response.headers].filter(
        ([name]) => name !== 'set-cookie' && name !== ISLANDS_PAGE_HEADER,
      );
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { headers, body: stored, settings, year });
    }
    return reply.send(body);
  };
}
