/**
 * Two real server processes (server.ts) on one PostgreSQL database, one Redis, one
 * S3 store (s3rver) and one SMTP server, INSTANCES=2, spoken to over HTTP only, like two instances behind a
 * load balancer (docs/operations.md, scaling out). Runs in the server-redis project when TEST_DATABASE_URL is
 * also set (vitest.config.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { createDatabase, emailOutbox, ne, sql, type DatabaseHandle } from '@taxfirm/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { samplePdf } from '../test/files.ts';
import { registrationBody } from '../test/samples.ts';
import { S3RVER_CREDENTIALS, startS3 } from '../test/s3.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { createSession } from './modules/accounts/sessions.service.ts';
import { createStaffMember } from './modules/staff/staff-accounts.service.ts';
import { WEB_BUILD_DIR } from './paths.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN_URL = inject('postgresUrl');
const REDIS_URL = inject('redisUrl');
/** login/check's per-address limit in 15 minutes (accounts.routes.ts). */
const LOGIN_IP_LIMIT = 50;
const PASSWORD = 'a long test password for two instances';
/** How B's LISTEN connections name themselves (DATABASE_LISTEN_URL), to find them in pg_stat_activity. */
const LISTEN_APP_NAME = 'taxfirm_listen_b';

/**
 * The pages come from the web build when there is one (CI builds before it tests), else through Vite (--dev),
 * which is slower to start. The calls tested here are the same either way.
 */
const WEB_MODE = existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js')) ? [] : ['--dev'];

type Instance = { url: string; process: ChildProcess; output: () => string; dataDir: string };

/** A port nobody listens on now (the server prints APP_URL, not the port it bound, so it is chosen here). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Poll `check` until it returns a value; fail with `what` after `ms`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'taxfirm-instance-'));
  const chunks: string[] = [];
  // NODE_ENV=test keeps the sandbox payments.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts', ...WEB_MODE], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const output = () => chunks.join('');
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    `the instance on port ${port}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`instance exited (${child.exitCode}):\n${output()}`);
      const ready = await fetch(`${url}/readyz`).catch(() => undefined);
      return ready?.status === 200 ? true : undefined;
    },
    90_000,
  );
  return { url, process: child, output, dataDir };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  const { process: child } = instance;
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(instance.dataDir, { recursive: true, force: true });
}

/**
 * A browser: its own cookies (sent to every instance, as behind one load balancer), the XSRF double-submit,
 * and its own client address (X-Forwarded-For, trusted one hop) so its rate-limit counters are its own.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.ip);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return res;
  }

  /** POST to the API with the XSRF cookie and header (a first GET fetches the cookie, as a page load would). */
  async post(instance: Instance, call: string, body: unknown = {}): Promise<Response> {
    if (!this.cookies.has(XSRF_COOKIE)) await this.request(`${instance.url}/readyz`);
    const form = body instanceof FormData;
    return this.request(`${instance.url}/api/${call}`, {
      method: 'POST',
      headers: {
        [XSRF_HEADER]: this.cookies.get(XSRF_COOKIE) ?? '',
        ...(form ? {} : { 'content-type': 'application/json' }),
      },
      body: form ? body : JSON.stringify(body),
    });
  }
}

let database: string;
let handle: DatabaseHandle;
let s3: Awaited<ReturnType<typeof startS3>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: Instance | undefined;
let b: Instance | undefined;
/** The environment both instances share. */
let sharedEnv: Record<string, string>;
/** Both instances, for the tests that are about neither in particular. */
const both = () => [a, b] as [Instance, Instance];

beforeAll(async () => {
  database = `taxfirm_multi_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const target = new URL(ADMIN_URL);
  target.pathname = `/${database}`;
  const url = target.toString();
  s3 = await startS3();
  smtp = await startSmtpServer();
  const env = {
    NODE_ENV: 'test',
    INSTANCES: '2',
    DATABASE_URL: url,
    REDIS_URL,
    STORAGE: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    SMTP_URL: smtp.url,
    ENCRYPTION_KEY: 'Xq7vN2pLr9TzK4mWc8YhB3sJd6FgA1eU',
    SESSION_SECRET: 'mP4wZ8rT2yQ6nV0xL5kC9hG3jS7dF1bR',
    // One public address for both, as behind a load balancer, which is the one proxy hop in front.
    APP_URL: 'http://portal.test',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  };
  // One after the other: Vite (--dev) is slow to start on a busy machine (the web plugin has ten seconds).
  // B listens through DATABASE_LISTEN_URL, as it would behind a transaction-mode pooler.
  sharedEnv = env;
  a = await startInstance(env);
  b = await startInstance({
    ...env,
    DATABASE_POOL_MODE: 'transaction',
    DATABASE_LISTEN_URL: `${url}?application_name=${LISTEN_APP_NAME}`,
  });
  handle = await createDatabase({ engine: 'postgres', url, maxConnections: 2 });
}, 180_000);

afterAll(async () => {
  await Promise.all([stopInstance(a), stopInstance(b)]);
  await handle?.close();
  await smtp?.close();
  await s3?.stop();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
}, 60_000);

/** Register a client (on `on`), verify it from the e-mail it got (on the other), and sign in (on `on`). */
async function newClient(on: Instance, email: string): Promise<{ browser: Browser; clientId: string }> {
  const [other] = both().filter((instance) => instance !== on) as [Instance];
  const browser = new Browser();
  const register = await browser.post(on, 'login/register', registrationBody({ email, password: PASSWORD }));
  expect(register.status, await register.clone().text()).toBe(200);
  const mail = await eventually(`the e-mail to ${email}`, async () =>
    smtp.received.find((m) => m.to.includes(email)),
  );
  const query = new URLSearchParams(/accountverifyuser\?(\S+)/.exec(mail.raw)?.[1] ?? '');
  const verify = await browser.post(other, 'login/cregisterverify', {
    tokenId: query.get('tokenId'),
    verifytoken: query.get('verifytoken'),
  });
  expect(verify.status, await verify.clone().text()).toBe(200);
  const login = await browser.post(on, 'login/check', { email, password: PASSWORD });
  expect(login.status, await login.clone().text()).toBe(200);
  expect(browser.cookies.has('sid')).toBe(true);
  const { uinfo } = (await login.json()) as { uinfo: { client_id: string } };
  return { browser, clientId: uinfo.client_id };
}

/** Start server.ts and wait for it to end (a refused start); its exit code and everything it printed. */
async function startRefused(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'taxfirm-instance-'));
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts', ...WEB_MODE], {
    cwd: ROOT,
    env: { ...env, PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  await rm(dataDir, { recursive: true, force: true });
  return { code, output: chunks.join('') };
}

describe('two instances on one PostgreSQL, Redis and S3', () => {
  it('they announce themselves; a third with INSTANCES=2, or one with rate limits in memory, is refused', async () => {
    const { rows } = (await handle.db.execute(
      sql`select host, pid, rate_limits from server_instances order by started_at`,
    )) as unknown as { rows: { pid: number; rate_limits: string }[] };
    expect(rows.map((row) => [row.pid, row.rate_limits])).toEqual([
      [a?.process.pid, 'redis'],
      [b?.process.pid, 'redis'],
    ]);
    const third = await startRefused(sharedEnv);
    expect(third.code).toBe(1);
    expect(third.output).toContain(
      'Refusing to start: 2 instance(s) already run on this database and INSTANCES=2 (this one would make 3).',
    );
    expect(third.output).not.toMatch(/\n\s+at /);
    const { REDIS_URL: _redis, ...withoutRedis } = sharedEnv;
    const inMemory = await startRefused({ ...withoutRedis, INSTANCES: '3' });
    expect(inMemory.code).toBe(1);
    expect(inMemory.output).toMatch(/this one counts rate limits in memory/);
    expect(inMemory.output).not.toMatch(/\n\s+at /);
    // Neither left a row behind.
    const after = await handle.db.execute(sql`select count(*)::int as n from server_instances`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
  });

  it('a session made by signing in on A works on B, and ends on both when signed out on B', async () => {
    const [A, B] = both();
    const { browser } = await newClient(A, `session-${randomUUID()}@example.com`);
    const onB = await browser.post(B, 'account/mfa/status');
    expect(onB.status, await onB.clone().text()).toBe(200);
    expect((await new Browser().post(B, 'account/mfa/status')).status).toBe(401);
    expect((await browser.post(B, 'account/logout')).status).toBe(200);
    expect((await browser.post(A, 'account/mfa/status')).status).toBe(401);
  });

  it("an admin's settings change on A shows in B's getsettings (NOTIFY, not the cache's minute)", async () => {
    const [A, B] = both();
    const { userId } = await createStaffMember(handle.db, 'http://portal.test', {
      email: `admin-${randomUUID()}@firm.example`,
      role: 'admin',
      first_name: 'Ada',
      last_name: 'Shah',
    });
    const session = await createSession(handle.db, userId, { ip: '127.0.0.1', userAgent: 'test' });
    const staff = new Browser();
    staff.cookies.set('sid', session.token);
    const firmName = async (instance: Instance) =>
      (
        (await (await new Browser().post(instance, 'settings/getsettings')).json()) as {
          data: { firm_name: string }[];
        }
      ).data[0]?.firm_name;
    // B has read (and cached) the settings before the change.
    const before = await firmName(B);
    const current = await staff.post(A, 'staff/settings/get');
    expect(current.status, await current.clone().text()).toBe(200);
    const { settings } = (await current.json()) as { settings: Record<string, unknown> };
    const renamed = `Northwind ${randomBytes(3).toString('hex')}`;
    expect(renamed).not.toBe(before);
    const saved = await staff.post(A, 'staff/settings/save', { ...settings, firm_name: renamed });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Well inside the cache's one-minute safety net: only the NOTIFY from A's write can explain it.
    expect(
      await eventually(
        'B to show the new name',
        async () => ((await firmName(B)) === renamed ? true : undefined),
        15_000,
      ),
    ).toBe(true);
  });

  it('B listens on DATABASE_LISTEN_URL, one connection per channel, and runs nothing else there', async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    const { rows } = await client
      .query<{ query: string }>(
        'select query from pg_stat_activity where datname = $1 and application_name = $2 order by 1',
        [database, LISTEN_APP_NAME],
      )
      .finally(() => client.end());
    expect(rows.map((row) => row.query)).toEqual([
      'LISTEN email_outbox_pending',
      'LISTEN site_settings_changed',
    ]);
  });

  it('e-mails queued on either instance are each delivered exactly once with both workers running', async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => `once-${i}-${randomUUID()}@example.com`);
    await Promise.all(
      addresses.map(async (email, i) => {
        const res = await new Browser().post(both()[i % 2] as Instance, 'login/register', {
          ...registrationBody({ email, password: PASSWORD }),
        });
        expect(res.status, await res.clone().text()).toBe(200);
      }),
    );
    // Every message of the outbox has reached its end (sent), so no worker will send anything more.
    await eventually('the outbox to be sent', async () => {
      const waiting = await handle.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(ne(emailOutbox.status, 'sent'));
      return waiting.length === 0 ? true : undefined;
    });
    for (const email of addresses) {
      expect(
        smtp.received.filter((m) => m.to.includes(email)),
        email,
      ).toHaveLength(1);
    }
  });

  it('the login rate limit counts across both: alternate calls are refused after the limit, not twice it', async () => {
    const browser = new Browser();
    const answers: number[] = [];
    for (let i = 0; answers.at(-1) !== 429 && i < 2 * LOGIN_IP_LIMIT + 1; i += 1) {
      const res = await browser.post(both()[i % 2] as Instance, 'login/check', {
        email: `nobody-${randomUUID()}@example.com`,
        password: 'not it',
      });
      answers.push(res.status);
    }
    expect(answers).toEqual([...Array<number>(LOGIN_IP_LIMIT).fill(401), 429]);
  });

  it('a document uploaded through A downloads through B, the same bytes (S3)', async () => {
    const [A, B] = both();
    const { browser, clientId } = await newClient(A, `upload-${randomUUID()}@example.com`);
    const folderPath = `${clientId}/W2/`;
    const pdf = samplePdf(20_000);
    const form = new FormData();
    form.append('folderPath', folderPath);
    form.append('client_id', clientId);
    form.append('upt_id', '1');
    form.append('uploadedImages', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'w2.pdf');
    const upload = await browser.post(A, 'upload/uploaddocs', form);
    expect(upload.status, await upload.clone().text()).toBe(200);
    const listed = await browser.post(B, 'upload/getuploaddocs', { folderPath });
    const [doc] = ((await listed.json()) as { data: { Contents: { location: string }[] } }).data.Contents;
    expect(doc).toBeDefined();
    const download = await browser.request(`${B.url}${doc?.location ?? ''}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });
});
