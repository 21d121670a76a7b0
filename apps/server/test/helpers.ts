import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { desc, emailOutbox, eq, sessions, type DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppConfig } from '../src/app.ts';
import { createKeyring } from '../src/lib/crypto/keyring.ts';
import { hashToken } from '../src/lib/crypto/tokens.ts';
import { renderEmail } from '../src/modules/mail/outbox.ts';
import { createLocalStorage } from '../src/lib/storage/local-storage.ts';
import type { ObjectStorage } from '../src/lib/storage/object-storage.ts';
import { issueCsrfToken } from '../src/plugins/app/csrf.ts';
import { createSession } from '../src/modules/accounts/sessions.service.ts';
import { createStaffMember } from '../src/modules/staff/staff-accounts.service.ts';
import type { StaffActor } from '../src/lib/actor.ts';
import { registrationBody } from './samples.ts';

export const TEST_SECRET = 'test-session-secret-0123456789abcdefghij';
export const TEST_ENCRYPTION_KEY = 'test-encryption-key-0123456789abcdefghij';

/** A signed-up, logged-in client: the session cookie value and the account's ids (what `signUpAndLogIn` answers). */
export type ClientSession = { sid: string; userId: string; clientId: string };
/** A staff member with a live session (what `staffSession` answers). */
export type StaffSession = { sid: string; userId: string };

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
  /** POST a multipart form as the session `sid`. */
  postFormAs: (sid: string, url: string, form: FormData) => Promise<LightMyRequestResponse>;
  /** GET as the session `sid` (downloads). */
  getAs: (sid: string, url: string) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/**
 * An outbox row's text as the mail worker sends it: its sealed one-time link opened (F-03). The stored text
 * holds only a placeholder.
 */
export function sentText(row: { text: string; html: string; secret: string | null } | undefined): string {
  return row ? renderEmail(row, createKeyring(TEST_ENCRYPTION_KEY)).text : '';
}

/** The CSRF token a browser would hold for the session cookie `sid`. */
export const csrfFor = (sid: string) => issueCsrfToken(TEST_SECRET, sid);

/** The app on an isolated, migrated database of the current test project's engine. No web build. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  deps: { redis?: Redis; storage?: ObjectStorage; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  // A test that brings its own database (another role's connection, one on disk) hands it over: close() closes it.
  const database = deps.database ?? (await createTestDatabase());
  const storageRoot = await mkdtemp(path.join(tmpdir(), 'taxfirm-storage-'));
  const keyring = createKeyring(TEST_ENCRYPTION_KEY);
  // Encrypted local storage unless the test brings another driver (the S3 one against s3rver).
  const storage = deps.storage ?? createLocalStorage({ root: storageRoot, keyring });
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
    keyring,
    ...(deps.redis ? { redis: deps.redis } : {}),
    logStream,
    config: {
      isProduction: false,
      appUrl: 'http://localhost:3000',
      sessionSecret: TEST_SECRET,
      logLevel: 'info',
      trustProxy: 0,
      web: { mode: 'none' },
      mail: { smtpUrl: undefined, from: 'portal@firm.test' },
      // Reminder passes are run by the tests that need them, at a fixed time (reminders.test.ts).
      reminders: { enabled: false },
      // Likewise the records retention pass (retention.test.ts runs it with an injected clock).
      retention: { enabled: false },
      // Digest passes likewise (digest.test.ts).
      digest: { enabled: false },
      // My work's reads refresh its candidates themselves; a background pass would race the tests that count.
      workCandidates: { enabled: false },
      // The bulk runner's passes are run by the tests that start bulk jobs (bulk.staff.test.ts).
      bulk: { enabled: false },
      // The automations' runner likewise (automations.staff.test.ts).
      automations: { enabled: false },
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
    postAs: (sid, url, body = {}) => {
      // The token the browser would hold for this session cookie.
      const bound = issueCsrfToken(TEST_SECRET, sid);
      return app.inject({
        method: 'POST',
        url,
        cookies: { [XSRF_COOKIE]: bound, sid },
        headers: { [XSRF_HEADER]: bound, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    },
    postFormAs: (sid, url, form) => {
      const bound = issueCsrfToken(TEST_SECRET, sid);
      return app.inject({
        method: 'POST',
        url,
        cookies: { [XSRF_COOKIE]: bound, sid },
        headers: { [XSRF_HEADER]: bound },
        payload: form,
      });
    },
    getAs: (sid, url) => app.inject({ method: 'GET', url, cookies: { sid } }),
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

/**
 * The file's test app: made before its tests and closed after them. The object returned is filled in by
 * `beforeAll`, so read it inside hooks and tests only.
 */
export function useTestApp(
  overrides: Partial<AppConfig> = {},
  deps: { redis?: Redis; storage?: ObjectStorage } = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, deps));
  });
  afterAll(async () => {
    await t.close();
  });
  return t;
}

/**
 * Register a client through the calls, verify it with the link from the outbox, and log in.
 * Returns the session cookie value and the account's ids.
 */
export async function signUpAndLogIn(
  t: TestApp,
  email: string,
  name: { first: string; last: string } = { first: 'Asha', last: 'Rao' },
): Promise<ClientSession> {
  const password = 'a long test password';
  const register = await t.post(
    '/api/login/register',
    registrationBody({ email, password, first: name.first, last: name.last }),
  );
  if (register.statusCode !== 200) throw new Error(`register failed: ${register.body}`);
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = /accountverifyuser\?(\S+)/.exec(sentText(mail))?.[1] ?? '';
  const query = new URLSearchParams(link);
  await t.post('/api/login/cregisterverify', {
    tokenId: query.get('tokenId'),
    verifytoken: query.get('verifytoken'),
  });
  const login = await t.post('/api/login/check', { email, password });
  const uinfo = login.json().uinfo as { user_id: string; client_id: string } | undefined;
  const sid = login.cookies.find((c) => c.name === 'sid')?.value;
  if (!uinfo || !sid) throw new Error(`login failed: ${login.body}`);
  return { sid, userId: uinfo.user_id, clientId: uinfo.client_id };
}

/** The actor a service is called as by staff member `userId` (an admin unless `role` says otherwise), from the test's address. */
export const testStaffActor = (
  userId: string,
  role: StaffActor['role'] = 'admin',
  offshore = false,
): StaffActor => ({
  kind: 'staff',
  userId,
  role,
  offshore,
  ip: '127.0.0.1',
  userAgent: 'test',
});

/** A staff member (as npm run staff:create makes one) with a live session, written straight to the database. */
export async function staffSession(
  t: TestApp,
  email: string,
  role: 'admin' | 'analyst',
): Promise<StaffSession> {
  const { userId } = await createStaffMember(t.database.db, 'http://localhost:3000', {
    email,
    role,
    first_name: role === 'admin' ? 'Ada' : 'Ravi',
    last_name: 'Shah',
  });
  const session = await createSession(t.database.db, userId, { ip: '127.0.0.1', userAgent: 'test' });
  return { sid: session.token, userId };
}

/**
 * Mark the session `sid` as having just proved itself again (a step-up, F-15), as account/stepup or
 * staff/stepup would: for tests of the sensitive calls themselves (reveals, a client's sign-in e-mail).
 */
export async function stepUpSession(t: TestApp, sid: string): Promise<void> {
  await t.database.db
    .update(sessions)
    .set({ steppedUpAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(sid)));
}

/**
 * POST to the app from `remoteAddress` (per-IP limits), with a valid CSRF cookie and header: JSON, or a
 * multipart form.
 */
export function postFromAddress(t: TestApp, remoteAddress: string, url: string, body: unknown) {
  const isForm = body instanceof FormData;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    cookies: { [XSRF_COOKIE]: t.csrfToken },
    headers: { [XSRF_HEADER]: t.csrfToken, ...(isForm ? {} : { 'content-type': 'application/json' }) },
    payload: isForm ? body : JSON.stringify(body),
  });
}

/**
 * The set-up or reset link's form (`settings/updatepasswordlink`, a staff invitation or a staff-sent reset):
 * `password` typed, then `confirm` (the same unless a test says otherwise).
 */
export function setPasswordByLink(t: TestApp, token: string, password: string, confirm = password) {
  return t.post('/api/settings/updatepasswordlink', {
    token_id: token,
    newpassword: password,
    cpassword: confirm,
  });
}
