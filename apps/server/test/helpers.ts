import { Writable } from 'node:stream';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import type { DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppConfig } from '../src/app.ts';
import { issueCsrfToken } from '../src/plugins/app/csrf.ts';

export const TEST_SECRET = 'test-session-secret-0123456789abcdefghij';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Everything the app logged, as one string. */
  logs: () => string;
  /** A valid XSRF token for this app, for requests built by hand. */
  csrfToken: string;
  /** POST JSON to the API with a valid CSRF cookie and header. */
  post: (url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** The app on an isolated, migrated database of the current test project's engine. No web build. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const app = await buildApp({
    database,
    logStream,
    config: {
      isProduction: false,
      appUrl: 'http://localhost:3000',
      sessionSecret: TEST_SECRET,
      logLevel: 'info',
      trustProxy: 0,
      web: { mode: 'none' },
      ...overrides,
    },
  });
  const csrf = issueCsrfToken(TEST_SECRET);
  return {
    app,
    database,
    logs: () => chunks.join(''),
    csrfToken: csrf,
    post: (url, body = {}, headers = {}) =>
      app.inject({
        method: 'POST',
        url,
        cookies: { [XSRF_COOKIE]: csrf },
        headers: { [XSRF_HEADER]: csrf, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
