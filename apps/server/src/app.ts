import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { DatabaseHandle } from '@taxfirm/db';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loggerOptions } from './lib/logger.ts';
import type { ObjectStorage } from './lib/storage/object-storage.ts';
import { careersRoutes } from './modules/careers/careers.routes.ts';
import { isApiPath } from './lib/request-path.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { csrfPlugin } from './plugins/app/csrf.ts';
import { clientErrorHandler, errorsPlugin } from './plugins/app/errors.ts';
import { webPlugin, type WebOptions } from './plugins/app/web.ts';
import { securityHeadersPlugin } from './plugins/external/security-headers.ts';
import { createSettingsCache } from './modules/settings/settings.cache.ts';

export type AppConfig = {
  isProduction: boolean;
  /** The site's public origin (APP_URL). */
  appUrl: string;
  sessionSecret: string;
  logLevel: string;
  trustProxy: number;
  web: WebOptions;
};

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  storage: ObjectStorage;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
};

/** JSON bodies are small; uploads (multipart) have their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Build the application: plugins, then modules. Never listens; server.ts does. */
export async function buildApp({ config, database, storage, logStream }: AppDeps): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logger: logStream ? { ...logger, stream: logStream } : logger,
    bodyLimit: JSON_BODY_LIMIT,
    // Trust exactly TRUST_PROXY hops of X-Forwarded-* (the load balancers in front), no more.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: false,
    // Our onResponse hook writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    clientErrorHandler,
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  app.decorateRequest('user', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // API answers are personal or current: never cached by a browser or proxy.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
  // One log line per request, when it completes (Fastify's default writes two).
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  await app.register(cookie);
  // Multipart bodies are read only by multipart calls, file by file, with each call's own limits.
  await app.register(multipart, { throwFileSizeLimit: false });
  await app.register(csrfPlugin, { secret: config.sessionSecret, secureCookies: config.isProduction });
  await app.register(swagger, {
    openapi: { info: { title: 'Tax firm API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { ping: database.ping });
  const settings = await createSettingsCache(database);
  app.addHook('onClose', () => settings.close());

  await app.register(settingsRoutes, { settings });
  await app.register(contactRoutes);
  await app.register(careersRoutes);
  await app.register(referralsRoutes, { settings });
  await app.register(webPlugin, {
    web: config.web,
    settings,
    isProduction: config.isProduction,
    appUrl: config.appUrl,
  });
  return app;
}
