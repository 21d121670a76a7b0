import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import type { DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppConfig } from '../src/app.ts';
import { createKeyring } from '../src/lib/crypto/keyring.ts';
import { createLocalStorage } from '../src/lib/storage/local-storage.ts';
import type { ObjectStorage } from '../src/lib/storage/object-storage.ts';
import { issueCsrfToken } from '../src/plugins/app/csrf.ts';

export const TEST_SECRET = 'test-session-secret-0123456789abcdefghij';
export const TEST_ENCRYPTION_KEY = 'test-encryption-key-0123456789abcdefghij';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  storage: ObjectStorage;
  /** The folder the test's encrypted local storage writes to. */
  storageRoot: string;
  /** Everything the app logged, as one string. */
  logs: () => string;
  /** A valid XSRF token for this app, for requests built by hand. */
  csrfToken: string;
  /** POST JSON to the API with a valid CSRF cookie and header. */
  post: (url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** POST JSON as the holder of a session cookie (the `sid` a login answered with). */
  postAs: (sid: string, url: string, body?: unknown) => Promise<LightMyRequestResponse>;
  /** POST a multipart form to the API with a valid CSRF cookie and header. */
  postForm: (url: string, form: FormData) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** The app on an isolated, migrated database of the current test project's engine. No web build. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const storageRoot = await mkdtemp(path.join(tmpdir(), 'taxfirm-storage-'));
  const storage = createLocalStorage({ root: storageRoot, keyring: createKeyring(TEST_ENCRYPTION_KEY) });
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const app = await buildApp({
    database,
    storage,
    logStream,
    config: {
      isProduction: false,
      appUrl: 'http://localhost:3000',
      sessionSecret: TEST_SECRET,
      logLevel: 'info',
      trustProxy: 0,
      web: { mode: 'none' },
      mail: { smtpUrl: undefined, from: 'portal@firm.test' },
      ...overrides,
    },
  });
  const csrf = issueCsrfToken(TEST_SECRET);
  return {
    app,
    database,
    storage,
    storageRoot,
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
    postAs: (sid, url, body = {}) =>
      app.inject({
        method: 'POST',
        url,
        cookies: { [XSRF_COOKIE]: csrf, sid },
        headers: { [XSRF_HEADER]: csrf, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
    postForm: (url, form) =>
      app.inject({
        method: 'POST',
        url,
        cookies: { [XSRF_COOKIE]: csrf },
        headers: { [XSRF_HEADER]: csrf },
        payload: form,
      }),
    close: async () => {
      await app.close();
      await database.close();
      await rm(storageRoot, { recursive: true, force: true });
    },
  };
}
