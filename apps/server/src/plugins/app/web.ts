/**
 * Serves the React Router app from this Fastify process: static assets from the client build, and every
 * other GET through React Router's request handler. Public routes render on the server for each request
 * (their loaders read site settings in-process through the load context); /user and /staff render in the
 * browser.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { PageFormResult, WebLoadContext } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { SettingsCache } from '../../modules/settings/settings.cache.ts';
import { isApiPath } from '../../lib/request-path.ts';
import { contentSecurityPolicy } from '../external/security-headers.ts';
import { pageCsrfToken } from './csrf.ts';
import type { PageForms } from './page-forms.ts';
import type { PaymentProviderName } from '@taxfirm/contract';

export type WebOptions =
  { mode: 'build'; buildDir: string } | { mode: 'vite'; webRoot: string } | { mode: 'none' };

type WebPluginOptions = {
  web: WebOptions;
  settings: SettingsCache;
  isProduction: boolean;
  /** The site's own origin: page URLs are built on it, never on the request's Host header. */
  appUrl: string;
  /** Razorpay's checkout script and frames are allowed on pages only while it is the provider. */
  paymentProvider: PaymentProviderName;
  /** The public forms' page routes, answered with their page rendered here (plugins/app/page-forms.ts). */
  pages?: PageForms;
};

/** The islands entry's source, relative to the web app's root, and where its build writes the manifest. */
const ISLANDS_ENTRY = 'app/islands/main.ts';
const ISLANDS_MANIFEST = path.join('.vite', 'islands-manifest.json');

/** The built islands entry's URL (ADR 021), from the islands build's manifest. */
export function readIslandsScript(clientDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ISLANDS_MANIFEST), 'utf8')) as Record<
    string,
    { file: string } | undefined
  >;
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`The web build has no islands entry (${ISLANDS_ENTRY}): run npm run build`);
  return `/${entry.file}`;
}

type Handler = (request: Request, context: WebLoadContext) => Promise<Response>;

/**
 * A Fetch API Request for React Router, aborted when the client goes away. The URL is the site's own origin
 * plus the request's path: leading slashes or backslashes ("//evil.example/") cannot turn it into another host.
 */
export function pageUrl(requestUrl: string, origin: string): URL {
  return new URL(`/${requestUrl.replace(/^[/\\]+/, '')}`, origin);
}

/** A page request for React Router: a form's POST is rendered as the page's GET, its outcome in the context. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const url = pageUrl(request.url, origin);
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

async function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
  formStatus?: number,
): Promise<FastifyReply> {
  // A form's outcome (400, 429...) is the status of the page that shows it.
  reply.status(response.status === 200 && formStatus ? formStatus : response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

export async function webPlugin(
  app: FastifyInstance,
  { web: options, settings, isProduction, appUrl, paymentProvider, pages }: WebPluginOptions,
) {
  if (options.mode === 'none') return;
  const origin = new URL(appUrl).origin;
  let handler: Handler;
  let islandsScript: string;
  if (options.mode === 'build') {
    const clientDir = path.join(options.buildDir, 'client');
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      // @fastify/static 10 hands the Fastify reply to setHeaders.
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    islandsScript = readIslandsScript(clientDir);
    const serverEntry = pathToFileURL(path.join(options.buildDir, 'server', 'index.js')).href;
    const build = (await import(serverEntry)) as ServerBuild;
    handler = createRequestHandler(build, 'production') as Handler;
  } else {
    const [{ createServer }, { default: middie }] = await Promise.all([
      import('vite'),
      import('@fastify/middie'),
    ]);
    const vite = await createServer({ root: options.webRoot, server: { middlewareMode: true } });
    await app.register(middie);
    // Vite serves the islands' sources as modules in development.
    islandsScript = `/${ISLANDS_ENTRY}`;
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    handler = createRequestHandler(
      () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    ) as Handler;
  }

  // Pages are compressed as they stream (their assets are precompressed at build time). Only pages:
  // API answers stay uncompressed, so no secret can leak through compressed sizes (BREACH).
  await app.register(compress, { global: false });

  const render = async (request: FastifyRequest, reply: FastifyReply, formResult?: PageFormResult) => {
    // A fresh nonce per page for the inline hydration scripts.
    const cspNonce = randomBytes(16).toString('base64');
    reply.header('content-security-policy', contentSecurityPolicy(cspNonce, isProduction, paymentProvider));
    const context: WebLoadContext = {
      cspNonce,
      siteUrl: origin,
      getSiteSettings: settings.get,
      islandsScript,
      formToken: pageCsrfToken(request),
      ...(formResult ? { formResult } : {}),
    };
    const response = await handler(toFetchRequest(request, reply, origin), context);
    return sendFetchResponse(reply, response, formResult?.status);
  };
  if (pages) pages.render = render;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    compress: { encodings: ['br', 'gzip'], threshold: 1024 },
    handler: async (request, reply) => {
      // GET /api/<unknown> answers the API's 404 envelope, not a page.
      if (isApiPath(request.url)) return reply.callNotFound();
      return render(request, reply);
    },
  });
}
