import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  createDatabase,
  DataDirLockedError,
  lockDataDir,
  prepareDatabase,
  type DatabaseHandle,
} from '@taxfirm/db';
import pg from 'pg';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { samplePdf } from '../../../test/files.ts';
import { createTestApp, signUpAndLogIn, TEST_ENCRYPTION_KEY, type TestApp } from '../../../test/helpers.ts';
import { TAXPAYER } from '../../../test/samples.ts';
import { childProcessEnv } from '../../env.ts';
import { createKeyring } from '../../lib/crypto/keyring.ts';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { openIdentityNumber } from '../profile/profile.service.ts';
import { BackupArchiveError } from './archive.ts';
import { BackupError } from './backup-error.ts';
import { createBackup } from './create-backup.ts';
import type { BackupEnv } from './data-dir.ts';
import { restoreBackup } from './restore-backup.ts';

const provided = inject('testDatabase');
const keyring = createKeyring(TEST_ENCRYPTION_KEY);
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SSN = '912-70-1234';
const W2 = samplePdf(70_000);
const quiet = () => {};

/** The same server, another database. */
function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
/** Our generated names need no escaping, only quotes. */
const quoteIdent = (name: string) => `"${name}"`;

let work: string;
/** PostgreSQL databases made here, dropped at the end. */
const made: string[] = [];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  if (provided.engine !== 'postgres') throw new Error('PostgreSQL only');
  const client = new pg.Client({ connectionString: provided.adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database: migrated (from the run's template) or empty. */
async function newPostgresDatabase(migrated: boolean): Promise<string> {
  if (provided.engine !== 'postgres') throw new Error('PostgreSQL only');
  const name = `taxfirm_bk_${randomBytes(5).toString('hex')}`;
  await admin((c) =>
    c.query(
      `create database ${quoteIdent(name)}${migrated ? ` template ${quoteIdent(provided.template)}` : ''}`,
    ),
  );
  made.push(name);
  return databaseUrl(provided.adminUrl, name);
}

/** A DATA_DIR whose embedded database is the run's migrated one. */
async function newPgliteDataDir(): Promise<string> {
  if (provided.engine !== 'pglite') throw new Error('PGlite only');
  const dataDir = await mkdtemp(path.join(work, 'data-'));
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: new Blob([readFileSync(provided.snapshot)]),
    extensions: { pg_trgm },
  });
  await client.close();
  return dataDir;
}

/** Where this engine's data lives: a DATA_DIR, and on PostgreSQL a database too. */
async function newTarget(migrated: boolean): Promise<BackupEnv> {
  const dataDir = await mkdtemp(path.join(work, 'data-'));
  const url = provided.engine === 'postgres' ? await newPostgresDatabase(migrated) : undefined;
  return {
    dataDir: provided.engine === 'pglite' && migrated ? await newPgliteDataDir() : dataDir,
    databaseUrl: url,
    databaseMigrationUrl: url,
    storage: 'local',
    isProduction: false,
    encryptionKey: TEST_ENCRYPTION_KEY,
  };
}

/** The app on `env`'s data (migrated first, as the server does), with local storage in its DATA_DIR. */
async function openApp(env: BackupEnv): Promise<TestApp> {
  const database: DatabaseHandle = env.databaseUrl
    ? await createDatabase({ engine: 'postgres', url: env.databaseUrl, maxConnections: 4 })
    : await createDatabase({ engine: 'pglite', dataDir: path.join(env.dataDir, 'pglite') });
  await prepareDatabase(database, MIGRATIONS_DIR);
  const storage = createLocalStorage({ root: path.join(env.dataDir, 'files'), keyring });
  return createTestApp({}, { database, storage });
}

type Session = { sid: string; clientId: string };
const listDocuments = async (t: TestApp, who: Session) =>
  (await t.postAs(who.sid, '/api/upload/getuploaddocs', { folderPath: `${who.clientId}/W2/` })).json().data
    .Contents as { Key: string; location: string }[];

/** Everything in a folder, or nothing when it does not exist. */
const contents = async (dir: string) => (existsSync(dir) ? await readdir(dir) : []);

let source: BackupEnv;
let asha: Session;
let backupFile: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'taxfirm-backup-test-'));
  source = await newTarget(true);
  const t = await openApp(source);
  try {
    asha = await signUpAndLogIn(t, 'asha.backup@example.com');
    const saved = await t.postAs(asha.sid, '/api/user/savetaxpayer', {
      unique_code: 'x',
      ...TAXPAYER,
      email: 'asha.backup@example.com',
      ssnitin: SSN,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const form = new FormData();
    form.append('folderPath', `${asha.clientId}/W2/`);
    form.append('client_id', asha.clientId);
    form.append('upt_id', '1');
    form.append('uploadedImages', new Blob([new Uint8Array(W2)], { type: 'application/pdf' }), 'w2-acme.pdf');
    const uploaded = await t.postFormAs(asha.sid, '/api/upload/uploaddocs', form);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  } finally {
    await t.close();
  }
  backupFile = path.join(work, 'backup.tar.gz');
  await createBackup(source, backupFile, quiet);
});

afterAll(async () => {
  if (provided.engine === 'postgres') {
    await admin(async (c) => {
      for (const name of made) await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    });
  }
  await rm(work, { recursive: true, force: true });
});

describe(`backup and restore (${provided.engine})`, () => {
  let restored: BackupEnv;

  it("restores into a fresh target: the client's identity number opens and the document downloads", async () => {
    // Readable by its owner only: it holds every client's data.
    expect(statSync(backupFile).mode & 0o077).toBe(0);
    restored = await newTarget(false);
    const lines: string[] = [];
    const manifest = await restoreBackup(restored, backupFile, (line) => lines.push(line));
    expect(manifest).toMatchObject({
      engine: provided.engine,
      counts: { clients: 1, documents: 1 },
      devSecrets: false,
    });
    expect(manifest.counts.files).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('ENCRYPTION_KEY');

    const t = await openApp(restored);
    try {
      expect(
        await openIdentityNumber({ db: t.database.db, keyring }, asha.clientId, { section: 'taxpayer' }),
      ).toBe(SSN);
      // The session lives in the database too: the same cookie signs in on the restored site.
      const [document] = await listDocuments(t, asha);
      expect(document?.Key).toMatch(/w2-acme\.pdf$/);
      const download = await t.getAs(asha.sid, document?.location ?? '');
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(W2)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('refuses to restore into a target that holds data', async () => {
    const error = await restoreBackup(restored, backupFile, quiet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect(String(error)).toMatch(/not empty|already (holds|has)/);
    if (provided.engine === 'postgres') {
      const database = await newTarget(false);
      const client = new pg.Client({ connectionString: database.databaseUrl });
      await client.connect();
      await client.query('create table leftover (id int)');
      await client.end();
      await expect(restoreBackup(database, backupFile, quiet)).rejects.toThrow(/already has 1 tables/);
    } else {
      const database = await newTarget(true);
      await expect(restoreBackup(database, backupFile, quiet)).rejects.toThrow(/already holds a database/);
    }
  });

  it('refuses a damaged or altered archive before writing anything', async () => {
    const bytes = readFileSync(backupFile);
    const cut = path.join(work, 'cut.tar.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(bytes.length / 2);
    flipped.writeUInt8(flipped.readUInt8(middle) ^ 0xff, middle);
    const damaged = path.join(work, 'damaged.tar.gz');
    await writeFile(damaged, flipped);
    // A well-formed archive whose stored file was changed, its manifest left as it was.
    const altered = path.join(work, 'altered.tar.gz');
    await writeFile(
      altered,
      await repack(backupFile, (name, data) =>
        name.startsWith('files/') ? Buffer.concat([data, Buffer.from('x')]) : data,
      ),
    );

    for (const file of [cut, damaged, altered]) {
      const target = await newTarget(false);
      const error = await restoreBackup(target, file, quiet).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(BackupArchiveError);
      expect(await contents(target.dataDir)).toEqual([]);
      if (target.databaseUrl) {
        const client = new pg.Client({ connectionString: target.databaseUrl });
        await client.connect();
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
        );
        await client.end();
        expect(rows[0]?.n).toBe(0);
      }
    }
    const error = await restoreBackup(await newTarget(false), altered, quiet).catch((e: unknown) => e);
    expect(String(error)).toMatch(/does not match its checksum/);
  });

  it('refuses to back up an embedded database another process has open, or none, and never overwrites a file', async () => {
    const dataDir = await mkdtemp(path.join(work, 'locked-'));
    const env = { ...source, dataDir, databaseUrl: undefined, databaseMigrationUrl: undefined };
    const file = path.join(work, 'locked.tar.gz');
    await expect(createBackup(env, file, quiet)).rejects.toThrow(/no embedded database/);
    await mkdir(path.join(dataDir, 'pglite'));
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    // What the running server holds.
    const lock = lockDataDir(path.join(dataDir, 'pglite'));
    try {
      await expect(createBackup(env, file, quiet)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      lock.release();
    }
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
    await expect(createBackup(source, backupFile, quiet)).rejects.toThrow(/already exists/);
  });
});

/** The archive with each member's bytes passed through `change`, the manifest kept. */
async function repack(file: string, change: (name: string, data: Buffer) => Buffer): Promise<Buffer> {
  const extract = tar.extract();
  const pack = tar.pack();
  Readable.from([readFileSync(file)])
    .pipe(createGunzip())
    .pipe(extract as never);
  const out: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack as unknown as AsyncIterable<Buffer>) out.push(chunk);
  })();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
    const data = change(entry.header.name, Buffer.concat(chunks));
    pack.entry({ name: entry.header.name, size: data.length }, data);
  }
  pack.finalize();
  await collected;
  return gzipSync(Buffer.concat(out));
}

const OWN_SETTINGS = new Set(['DATABASE_URL', 'DATABASE_MIGRATION_URL', 'ENCRYPTION_KEY', 'SESSION_SECRET']);

describe('the commands', () => {
  /** Run an npm script's command as npm run would, in development, for `dataDir`. */
  function cli(name: 'backup' | 'restore', args: string[], dataDir: string) {
    // The command's own environment only: no database or key of the test run's.
    const env = Object.fromEntries(
      Object.entries(
        childProcessEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, STORAGE: 'local' }),
      ).filter(([key]) => !OWN_SETTINGS.has(key)),
    );
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args], {
        cwd: ROOT,
        env,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it(
    'back up a development DATA_DIR with its key, restore it, and refuse what they must',
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(work, 'cli-source-'));
      const file = path.join(work, 'cli.tar.gz');
      const seeded = await createDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      await prepareDatabase(seeded, MIGRATIONS_DIR);
      await seeded.close();

      const usage = await cli('backup', [], dataDir);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run backup -- <file>');
      // An option the command does not take is a usage error too, not a failure.
      const option = await cli('restore', ['--force', file], dataDir);
      expect(option.code).toBe(2);
      expect(option.stderr).toContain('Usage: npm run restore -- <file>');

      // While something holds the embedded database (the server), the backup is refused.
      const held = lockDataDir(path.join(dataDir, 'pglite'));
      let refused: Awaited<ReturnType<typeof cli>>;
      try {
        refused = await cli('backup', [file], dataDir);
      } finally {
        held.release();
      }
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The server is running on DATA_DIR ${dataDir}: stop it first`);
      expect(existsSync(file)).toBe(false);

      const backup = await cli('backup', [file], dataDir);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('Key: included dev-secrets.json');
      expect(backup.stdout).toContain(`Backup written to ${file}`);
      expect(existsSync(`${file}.partial`)).toBe(false);

      const again = await cli('backup', [file], dataDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');

      const target = await mkdtemp(path.join(work, 'cli-target-'));
      const restore = await cli('restore', [file], target);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('every checksum matches');
      expect(restore.stdout).toContain('dev-secrets.json restored');
      expect(readFileSync(path.join(target, 'dev-secrets.json'), 'utf8')).toBe(
        readFileSync(path.join(dataDir, 'dev-secrets.json'), 'utf8'),
      );

      const twice = await cli('restore', [file], target);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain('Restore refused:');
      expect(twice.stderr).toContain('already holds a database');
      expect(twice.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
