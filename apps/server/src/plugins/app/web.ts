/**
 * Serves the React Router app from this Fastify process: static assets from the client build, and every
 * other GET through React Router's request handler. Public routes render on the server (their loaders read
 * site settings in-process through the load context), islands pages once per settings version
 * (page-render.ts); /user and /staff render in the browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { SettingsCache } from '../../modules/settings/settings.cache.ts';
import { isApiPath } from '../../lib/request-path.ts';
import { contentSecurityPolicy } from '../external/security-headers.ts';
import { pageCsrfToken } from './csrf.ts';
import type { PageForms } from './page-forms.ts';
import { createPageRenderer, type PageHandler } from './page-render.ts';
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

export { pageUrl } from './page-render.ts';

export async function webPlugin(
  app: FastifyInstance,
  { web: options, settings, isProduction, appUrl, paymentProvider, pages }: WebPluginOptions,
) {
  if (options.mode === 'none') return;
  const origin = new URL(appUrl).origin;
  let handler: PageHandler;
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
    handler = createRequestHandler(build, 'production') as PageHandler;
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
    ) as PageHandler;
  }

  // Pages are compressed as they stream (their assets are precompressed at build time). Only pages:
  // API answers stay uncompressed, so no secret can leak through compressed sizes (BREACH).
  await app.register(compress, { global: false });

  // Islands pages' HTML is kept between requests (page-render.ts); in development the sources change.
  const render = createPageRenderer({
    handler,
    origin,
    getSiteSettings: settings.get,
    islandsScript,
    contentSecurityPolicy: (nonce) => contentSecurityPolicy(nonce, isProduction, paymentProvider),
    formToken: pageCsrfToken,
    cache: options.mode === 'build',
  });
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
