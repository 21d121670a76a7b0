import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { CALLS } from '@taxfirm/contract';
import * as schema from '@taxfirm/db';
import { careerApplications, clients, documents, filings, users, type DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ENCRYPTION_KEY } from '../../../test/helpers.ts';
import { startS3 } from '../../../test/s3.ts';
import { createKeyring } from '../crypto/keyring.ts';
import { createLocalStorage } from './local-storage.ts';
import { ObjectNotFoundError, type ObjectStorage } from './object-storage.ts';
import { STORAGE_KEY_COLUMNS, startOrphanSweeper, sweepOrphans, UPLOAD_PREFIXES } from './orphan-sweeper.ts';
import { uploadKeyPrefix } from './upload-prefix.ts';

const HOUR = 3_600_000;
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/** A logger that keeps what it was given. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message = '') => {
      lines.push({ level, fields, message });
    };
  const log = {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const put = (storage: ObjectStorage, key: string, text = `contents of ${key}`) =>
  storage.put(key, Readable.from([Buffer.from(text)]));

async function exists(storage: ObjectStorage, key: string): Promise<boolean> {
  try {
    (await storage.get(key)).destroy();
    return true;
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return false;
    throw error;
  }
}

describe('what the orphan sweeper covers', () => {
  it("sweeps the prefix of every multipart call in the contract's call table", () => {
    expect(uploadKeyPrefix({ path: 'upload/uploaddocs' })).toBe('upload-uploaddocs/');
    expect(uploadKeyPrefix({ path: '/a//b_c/' })).toBe('a-b-c/');
    expect(UPLOAD_PREFIXES).toEqual(
      Object.values(CALLS)
        .filter((call) => 'contentType' in call && call.contentType === 'multipart')
        .map(uploadKeyPrefix),
    );
    expect([...UPLOAD_PREFIXES].sort()).toEqual([
      'account-messages-send/',
      'account-requests-upload/',
      'settings-careerssubmit/',
      'staff-messages-send/',
      'staff-signatures-create/',
      'staff-signatures-templates-save/',
      'staff-summaries-upload/',
      'upload-uploaddocs/',
    ]);
  });

  it('checks every column of the schema that holds a storage key', () => {
    // The SQL names, as the database client spells them (snake_case).
    const casing = new CasingCache('snake_case');
    const sqlName = (column: (typeof STORAGE_KEY_COLUMNS)[number]) =>
      `${getTableName(column.table)}.${casing.getColumnCasing(column)}`;
    const keyColumns = Object.values(schema)
      .flatMap((value: unknown) => (isTable(value) ? Object.values(getTableColumns(value)) : []))
      .filter((column) => /(storage|resume)_?key$/i.test(casing.getColumnCasing(column)));
    // Not vacuous: the schema's known key columns are found.
    expect(keyColumns.length).toBeGreaterThanOrEqual(3);
    const unchecked = keyColumns.filter((column) => !STORAGE_KEY_COLUMNS.includes(column)).map(sqlName);
    expect(unchecked, 'storage key columns the orphan sweeper does not check').toEqual([]);
    expect(STORAGE_KEY_COLUMNS.map(sqlName).sort()).toEqual([
      'career_applications.resume_key',
      'documents.storage_key',
      'documents.unlocked_storage_key',
      'message_attachments.storage_key',
      'signature_documents.return_storage_key',
      'signature_documents.signed_storage_key',
      'signature_documents.storage_key',
      'signature_templates.storage_key',
      'tax_summaries.storage_key',
    ]);
  });
});

let database: DatabaseHandle;
let client: { clientId: string; filingId: string };
beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ email: 'sweep@firm.test', passwordHash: 'x', firstName: 'Asha', lastName: 'Rao' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const [row] = await database.db
    .insert(clients)
    .values({ userId: user.id, firstName: 'Asha', lastName: 'Rao', phone: '4695550100', phoneExt: '' })
    .returning({ id: clients.id });
  if (!row) throw new Error('no client');
  const [filing] = await database.db
    .insert(filings)
    .values({ clientId: row.id, taxYear: 2024 })
    .returning({ id: filings.id });
  if (!filing) throw new Error('no filing');
  client = { clientId: row.id, filingId: filing.id };
});
afterAll(async () => {
  await database.close();
});

async function addDocumentRow(storageKey: string) {
  await database.db.insert(documents).values({
    ...client,
    category: 'W2',
    originalName: 'w2.pdf',
    size: 10,
    contentType: 'application/pdf',
    storageKey,
    sha256: '0'.repeat(64),
  });
}

async function addApplicationRow(resumeKey: string) {
  await database.db.insert(careerApplications).values({
    firstName: 'Ravi',
    lastName: 'Iyer',
    email: 'ravi@example.test',
    phone: '4695550101',
    phoneExt: '',
    message: 'Hello',
    resumeKey,
  });
}

type Driver = { storage: ObjectStorage; close: () => Promise<void> };

async function localDriver(): Promise<Driver & { root: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'orphan-sweeper-'));
  return {
    root,
    storage: createLocalStorage({ root, keyring: createKeyring(TEST_ENCRYPTION_KEY) }),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Driver(): Promise<Driver> {
  const s3 = await startS3();
  return { storage: s3.storage, close: () => s3.stop() };
}

describe.each([
  ['local', localDriver],
  ['S3 (s3rver)', s3Driver],
])('orphan sweeper on %s storage', (_name, makeDriver) => {
  let driver: Driver;
  beforeEach(async () => {
    driver = await makeDriver();
  });
  afterEach(async () => {
    await driver.close();
  });

  it('removes unreferenced uploads once older than the grace period, and keeps referenced and young ones', async () => {
    const { storage } = driver;
    const orphanDocument = `upload-uploaddocs/${randomUUID()}`;
    const orphanResume = `settings-careerssubmit/${randomUUID()}`;
    const document = `upload-uploaddocs/${randomUUID()}`;
    const resume = `settings-careerssubmit/${randomUUID()}`;
    // Not an upload prefix: never the sweeper's.
    const other = `summaries/${randomUUID()}`;
    for (const key of [orphanDocument, orphanResume, document, resume, other]) await put(storage, key);
    await addDocumentRow(document);
    await addApplicationRow(resume);
    const { log, lines } = recordingLog();
    const stored = Date.now();

    // Half an hour on, all are young: an upload in flight may not have its row yet.
    const early = await sweepOrphans({ db: database.db, storage, log, now: new Date(stored + HOUR / 2) });
    expect(early).toEqual({ removed: [], incomplete: 0 });
    for (const key of [orphanDocument, orphanResume, document, resume, other]) {
      expect(await exists(storage, key), key).toBe(true);
    }

    // Two hours on, the unreferenced ones go.
    const later = await sweepOrphans({ db: database.db, storage, log, now: new Date(stored + 2 * HOUR) });
    expect(later.removed.sort()).toEqual([orphanDocument, orphanResume].sort());
    expect(await exists(storage, orphanDocument)).toBe(false);
    expect(await exists(storage, orphanResume)).toBe(false);
    for (const key of [document, resume, other]) expect(await exists(storage, key), key).toBe(true);

    // Logged by key, never by contents.
    const removedLines = lines.filter((line) => line.message === 'orphaned upload removed');
    expect(removedLines.map((line) => line.fields['storageKey']).sort()).toEqual(
      [orphanDocument, orphanResume].sort(),
    );
    expect(JSON.stringify(lines)).not.toContain('contents of');
    expect(lines.filter((line) => line.level !== 'info')).toEqual([]);

    // A grace period of its own (tests, operators).
    const young = `upload-uploaddocs/${randomUUID()}`;
    await put(storage, young);
    const custom = await sweepOrphans({
      db: database.db,
      storage,
      log,
      now: new Date(Date.now() + 10 * 60_000),
      graceMs: 5 * 60_000,
    });
    expect(custom.removed).toEqual([young]);
  });

  it('logs and carries on when storage fails, never throwing', async () => {
    const key = `upload-uploaddocs/${randomUUID()}`;
    await put(driver.storage, key);
    const failing: ObjectStorage = {
      ...driver.storage,
      list: (prefix) =>
        prefix.startsWith('upload')
          ? {
              [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('listing failed')) }),
            }
          : driver.storage.list(prefix),
      delete: () => Promise.reject(new Error('delete failed')),
    };
    const { log, lines } = recordingLog();
    const resume = `settings-careerssubmit/${randomUUID()}`;
    await put(driver.storage, resume);
    const result = await sweepOrphans({
      db: database.db,
      storage: failing,
      log,
      now: new Date(Date.now() + 2 * HOUR),
    });
    expect(result.removed).toEqual([]);
    expect(lines.map((line) => [line.level, line.message])).toEqual(
      expect.arrayContaining([
        ['error', 'orphan sweep of a storage prefix failed'],
        ['warn', 'orphaned upload not removed'],
      ]),
    );
    expect(await exists(driver.storage, key)).toBe(true);
  });

  it('runs on its timer with the clock it is given, and stops', async () => {
    const key = `upload-uploaddocs/${randomUUID()}`;
    await put(driver.storage, key);
    const { log } = recordingLog();
    let now = new Date(Date.now() + 2 * HOUR);
    const sweeper = startOrphanSweeper({
      db: database.db,
      storage: driver.storage,
      log,
      firstRunMs: 0,
      now: () => now,
    });
    try {
      // The first pass, on its timer.
      await vi.waitFor(async () => expect(await exists(driver.storage, key)).toBe(false), {
        timeout: 10_000,
      });
      // Let that pass end (sweep() joins a running pass).
      await sweeper.sweep();
      const young = `upload-uploaddocs/${randomUUID()}`;
      await put(driver.storage, young);
      now = new Date();
      expect(await sweeper.sweep()).toEqual({ removed: [], incomplete: 0 });
      expect(await exists(driver.storage, young)).toBe(true);
    } finally {
      await sweeper.stop();
    }
    expect(await sweeper.sweep()).toBeUndefined();
  });
});

describe('orphan sweeper, local temporary files', () => {
  let driver: Awaited<ReturnType<typeof localDriver>>;
  beforeEach(async () => {
    driver = await localDriver();
  });
  afterEach(async () => {
    await driver.close();
  });

  const files = async () =>
    (await readdir(driver.root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();

  it('removes stale temporary files and keeps fresh ones', async () => {
    const folder = path.join(driver.root, 'upload-uploaddocs');
    await put(driver.storage, `upload-uploaddocs/${randomUUID()}`);
    const stale = path.join(folder, `${randomUUID()}.data.${randomUUID()}.tmp`);
    const fresh = path.join(folder, `${randomUUID()}.data.${randomUUID()}.tmp`);
    for (const file of [stale, `${stale}.meta`, fresh, `${fresh}.meta`]) await writeFile(file, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await utimes(`${stale}.meta`, twoHoursAgo, twoHoursAgo);
    const before = await files();

    const { log, lines } = recordingLog();
    const result = await sweepOrphans({ db: database.db, storage: driver.storage, log, now: new Date() });
    expect(result.incomplete).toBe(2);
    // The complete object is young; the fresh temporary files may belong to a put in progress.
    expect(await files()).toEqual(
      before.filter((name) => name !== path.basename(stale) && name !== `${path.basename(stale)}.meta`),
    );
    expect(lines).toContainEqual({
      level: 'info',
      fields: { count: 2 },
      message: 'temporary files of unfinished uploads removed',
    });
  });

  it('cleans up after a process killed (SIGKILL) in the middle of a put', async () => {
    const key = `upload-uploaddocs/${randomUUID()}`;
    // A put whose body never ends, in a process of its own, killed once its temporary file exists.
    const script = `
      import { Readable } from 'node:stream';
      import { createKeyring } from './src/lib/crypto/keyring.ts';
      import { createLocalStorage } from './src/lib/storage/local-storage.ts';
      const [root, secret, key] = process.argv.slice(1);
      const storage = createLocalStorage({ root, keyring: createKeyring(secret) });
      const body = new Readable({ read() { setTimeout(() => this.push(Buffer.alloc(1024, 7)), 5); } });
      void storage.put(key, body);
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, driver.root, TEST_ENCRYPTION_KEY, key],
      { cwd: SERVER_DIR, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await vi.waitFor(async () => expect((await files()).some((name) => name.endsWith('.tmp'))).toBe(true), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(await files()).toEqual([expect.stringMatching(/\.data\.[0-9a-f-]{36}\.tmp$/)]);
    // Nothing is visible: no listing, no object.
    const listed = [];
    for await (const object of driver.storage.list('upload-uploaddocs/')) listed.push(object);
    expect(listed).toEqual([]);
    await expect(driver.storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);

    const { log } = recordingLog();
    expect(
      (await sweepOrphans({ db: database.db, storage: driver.storage, log, now: new Date() })).incomplete,
    ).toBe(0);
    const later = new Date(Date.now() + 2 * HOUR);
    expect(
      (await sweepOrphans({ db: database.db, storage: driver.storage, log, now: later })).incomplete,
    ).toBe(1);
    expect(await files()).toEqual([]);
  });
});

describe('orphan sweeper in the app', () => {
  it('starts with the app (passes on its timer), logs the keys it removes, and stops when the app closes', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'orphan-sweeper-app-'));
    const storage = createLocalStorage({ root, keyring: createKeyring(TEST_ENCRYPTION_KEY) });
    const orphan = `upload-uploaddocs/${randomUUID()}`;
    await put(storage, orphan);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const t = await createTestApp({ orphanSweeper: { graceMs: 10, firstRunMs: 0 } }, { storage });
    try {
      await vi.waitFor(async () => expect(await exists(storage, orphan)).toBe(false), { timeout: 10_000 });
      await vi.waitFor(() => expect(t.logs()).toContain(orphan));
      expect(t.logs()).not.toContain('contents of');
    } finally {
      await t.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('can be turned off', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'orphan-sweeper-app-'));
    const storage = createLocalStorage({ root, keyring: createKeyring(TEST_ENCRYPTION_KEY) });
    const orphan = `upload-uploaddocs/${randomUUID()}`;
    await put(storage, orphan);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const t = await createTestApp(
      { orphanSweeper: { enabled: false, graceMs: 10, firstRunMs: 0 } },
      { storage },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await exists(storage, orphan)).toBe(true);
    } finally {
      await t.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
