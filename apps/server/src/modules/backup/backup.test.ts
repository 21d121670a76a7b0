import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  createDatabase,
  DataDirLockedError,
  lockDataDir,
  prepareDatabase,
  type DatabaseHandle,
} from '@taxfirm/db';
import { Decrypter, Encrypter } from 'age-encryption';
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
import { BackupArchiveError, verifyArchive } from './archive.ts';
import { BackupError } from './backup-error.ts';
import { createBackup } from './create-backup.ts';
import type { BackupEnv } from './data-dir.ts';
import { checkFreeSpace, restoreBackup } from './restore-backup.ts';

const provided = inject('testDatabase');
const keyring = createKeyring(TEST_ENCRYPTION_KEY);
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const SSN = '912-70-1234';
// Sealed on disk, so incompressible: over three of age's 64 KiB chunks in the archive on either engine.
const W2 = samplePdf(200_000);
const quiet = () => {};
const TEST_BACKUP_KEY = 'test-backup-key-ZYXWVUTSRQPONMLKJIHGFEDCBA';
/** Another site's key, or an attacker's. */
const OTHER_BACKUP_KEY = 'other-backup-key-abcdefghijklmnopqrstuvwxyz';
/** scrypt at a test's speed (the CLI test below runs the real work factor). */
const FAST = { scryptWorkFactor: 10 };
const EMAIL = 'asha.backup@example.com';

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
    backupKey: TEST_BACKUP_KEY,
    backupKeysPrevious: [],
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
    asha = await signUpAndLogIn(t, EMAIL);
    const saved = await t.postAs(asha.sid, '/api/user/savetaxpayer', {
      unique_code: 'x',
      ...TAXPAYER,
      email: EMAIL,
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
  backupFile = path.join(work, 'backup.tar.gz.age');
  await createBackup(source, backupFile, quiet, FAST);
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

  it('writes no readable byte: the file is encrypted, with no gzip, name or value of the data in clear', async () => {
    const bytes = readFileSync(backupFile);
    expect(bytes.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    // Format 1 was a plain gzip'd tar, its member names and manifest readable once unzipped.
    expect(() => gunzipSync(bytes)).toThrow();
    for (const clear of [
      EMAIL,
      SSN,
      'manifest.json',
      'database/',
      'files/',
      TEST_BACKUP_KEY,
      TEST_ENCRYPTION_KEY,
    ]) {
      expect(bytes.includes(clear), clear).toBe(false);
    }
    // With the key it is the archive: the manifest is inside.
    const tarBytes = gunzipSync(await decrypt(bytes));
    expect(tarBytes.includes('manifest.json')).toBe(true);
  });

  it('refuses a cut, flipped, reordered, extended, forged, re-packed or plain archive, and a wrong key, before writing anything', async () => {
    const bytes = readFileSync(backupFile);
    const plain = gunzipSync(await decrypt(bytes));
    const members = await untar(plain);
    // The document and its key file (`.meta`).
    const [first, second] = members.filter((m) => m.name.startsWith('files/'));
    if (!first || !second) throw new Error('expected two stored files');
    const middle = Math.floor(bytes.length / 2);
    const flipped = Buffer.from(bytes);
    flipped.writeUInt8(flipped.readUInt8(middle) ^ 0x01, middle);
    // age's payload: after the header's MAC line, a 16-byte nonce, then chunks of 64 KiB + a 16-byte tag.
    const macLine = bytes.indexOf('\n--- ') + 1;
    const payload = bytes.indexOf('\n', macLine) + 1 + 16;
    const chunk = 64 * 1024 + 16;
    expect(bytes.length).toBeGreaterThan(payload + 3 * chunk);
    const reordered = Buffer.concat([
      bytes.subarray(0, payload),
      bytes.subarray(payload + chunk, payload + 2 * chunk),
      bytes.subarray(payload, payload + chunk),
      bytes.subarray(payload + 2 * chunk),
    ]);
    const badMac = Buffer.from(bytes);
    const macAt = macLine + 4;
    badMac.write(badMac.toString('latin1', macAt, macAt + 1) === 'A' ? 'B' : 'A', macAt, 'latin1');
    // What an attacker without the key can make: a stored file changed and the manifest rewritten to match.
    const forged = gzipSync(await tarOf(forge(members)));

    const cases: [string, Buffer, RegExp, Partial<BackupEnv>?][] = [
      ['cut', bytes.subarray(0, middle), /failed authentication: it was changed, damaged or cut short/],
      ['cut at a chunk', bytes.subarray(0, payload + 2 * chunk), /failed authentication/],
      ['flipped', flipped, /failed authentication/],
      ['reordered', reordered, /failed authentication/],
      ['extended', Buffer.concat([bytes, Buffer.from('more')]), /failed authentication/],
      ['header changed', badMac, /failed authentication: its header was changed/],
      [
        'forged under another key',
        await encrypt(forged, OTHER_BACKUP_KEY),
        /cannot be opened with the backup key/,
      ],
      ['forged, left plain', forged, /is not encrypted/],
      ['format 1 (plain)', gzipSync(plain), /is not encrypted/],
      ['not a backup', Buffer.from('hello'), /is not a backup made by npm run backup/],
      ['wrong key', bytes, /cannot be opened with the backup key/, { backupKey: OTHER_BACKUP_KEY }],
      // A key holder's mistakes (the manifest catches what authentication cannot).
      [
        'a stored file changed, the manifest kept',
        await encrypt(
          gzipSync(
            await tarOf(
              members.map((m) =>
                m === first ? { ...m, data: Buffer.concat([m.data, Buffer.from('x')]) } : m,
              ),
            ),
          ),
          TEST_BACKUP_KEY,
        ),
        /member files\/.+ does not match its checksum/,
      ],
      [
        'a member twice in place of a missing one',
        await encrypt(
          gzipSync(await tarOf(members.map((m) => (m === second ? { ...first } : m)))),
          TEST_BACKUP_KEY,
        ),
        /holds member files\/.+ twice/,
      ],
    ];
    for (const [what, content, message, settings] of cases) {
      const file = path.join(work, `tampered-${what.replaceAll(/\W+/g, '-')}.age`);
      await writeFile(file, content);
      const target = { ...(await newTarget(false)), ...settings };
      const error = await restoreBackup(target, file, quiet).catch((e: unknown) => e);
      expect(error, what).toBeInstanceOf(BackupArchiveError);
      expect(String(error), what).toMatch(message);
      expect(String(error), what).not.toContain(TEST_BACKUP_KEY);
      expect(await contents(target.dataDir), what).toEqual([]);
      if (target.databaseUrl) expect(await tableCount(target.databaseUrl), what).toBe(0);
    }
  });

  it('opens an archive made under a retired key given in BACKUP_KEY_PREVIOUS', async () => {
    const { manifest } = await verifyArchive(backupFile, {
      backupKey: OTHER_BACKUP_KEY,
      backupKeysPrevious: [TEST_BACKUP_KEY],
    });
    expect(manifest.engine).toBe(provided.engine);
  });

  it('refuses a restore that does not fit on the disk, before writing', async () => {
    const dir = await mkdtemp(path.join(work, 'space-'));
    await expect(
      checkFreeSpace([{ dir: path.join(dir, 'not-yet'), bytes: Number.MAX_SAFE_INTEGER, what: 'the files' }]),
    ).rejects.toThrow(
      /Not enough free space: the restore needs about .* on the disk of .*nothing was written/,
    );
    await expect(checkFreeSpace([{ dir, bytes: 1024, what: 'the files' }])).resolves.toBeUndefined();
    expect(await contents(dir)).toEqual([]);
  });

  it('refuses to back up an embedded database another process has open, or none, and never overwrites a file', async () => {
    const dataDir = await mkdtemp(path.join(work, 'locked-'));
    const env = { ...source, dataDir, databaseUrl: undefined, databaseMigrationUrl: undefined };
    const file = path.join(work, 'locked.tar.gz');
    await expect(createBackup(env, file, quiet, FAST)).rejects.toThrow(/no embedded database/);
    await mkdir(path.join(dataDir, 'pglite'));
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    // What the running server holds.
    const lock = lockDataDir(path.join(dataDir, 'pglite'));
    try {
      await expect(createBackup(env, file, quiet, FAST)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      lock.release();
    }
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
    await expect(createBackup(source, backupFile, quiet, FAST)).rejects.toThrow(/already exists/);
  });
});

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function decrypt(bytes: Buffer, key = TEST_BACKUP_KEY): Promise<Buffer> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(key);
  return Buffer.from(await decrypter.decrypt(new Uint8Array(bytes)));
}

async function encrypt(bytes: Buffer, key: string): Promise<Buffer> {
  const encrypter = new Encrypter();
  encrypter.setScryptWorkFactor(FAST.scryptWorkFactor);
  encrypter.setPassphrase(key);
  return Buffer.from(await encrypter.encrypt(new Uint8Array(bytes)));
}

type TarMember = { name: string; data: Buffer };

/** A tar's members in order. */
async function untar(bytes: Buffer): Promise<TarMember[]> {
  const extract = tar.extract();
  Readable.from([bytes]).pipe(extract as never);
  const members: TarMember[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
    members.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  return members;
}

/** A tar of `members`, in that order. */
async function tarOf(members: TarMember[]): Promise<Buffer> {
  const pack = tar.pack();
  const out: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack as unknown as AsyncIterable<Buffer>) out.push(chunk);
  })();
  for (const { name, data } of members) pack.entry({ name, size: data.length }, data);
  pack.finalize();
  await collected;
  return Buffer.concat(out);
}

/** The first stored file changed, and the manifest rewritten to match it: consistent, but not authentic. */
function forge(members: TarMember[]): TarMember[] {
  const target = members.find((m) => m.name.startsWith('files/'));
  const changed = members.map((m) => ({
    ...m,
    data: m === target ? Buffer.concat([m.data, Buffer.from('x')]) : m.data,
  }));
  const manifest = changed.find((m) => m.name === 'manifest.json');
  if (!manifest) throw new Error('no manifest');
  const parsed = JSON.parse(manifest.data.toString('utf8')) as {
    members: { name: string; size: number; sha256: string }[];
  };
  parsed.members = changed
    .filter((m) => m !== manifest)
    .map((m) => ({
      name: m.name,
      size: m.data.length,
      sha256: createHash('sha256').update(m.data).digest('hex'),
    }));
  manifest.data = Buffer.from(JSON.stringify(parsed));
  return changed;
}

const OWN_SETTINGS = new Set([
  'DATABASE_URL',
  'DATABASE_MIGRATION_URL',
  'ENCRYPTION_KEY',
  'ENCRYPTION_KEY_PREVIOUS',
  'SESSION_SECRET',
  'BACKUP_KEY',
  'BACKUP_KEY_PREVIOUS',
]);

describe('the commands', () => {
  /** Run an npm script's command as npm run would, in development, for `dataDir`. */
  function cli(
    name: 'backup' | 'restore',
    args: string[],
    dataDir: string,
    extra: Record<string, string> = {},
  ) {
    // The command's own environment only: no database or key of the test run's.
    const env = {
      ...Object.fromEntries(
        Object.entries(
          childProcessEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, STORAGE: 'local' }),
        ).filter(([key]) => !OWN_SETTINGS.has(key)),
      ),
      ...extra,
    };
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
    // Eleven commands, each a new process; six derive the backup key with scrypt at its real cost.
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(work, 'cli-source-'));
      const file = path.join(work, 'cli.tar.gz.age');
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

      // A backup key equal to the encryption key is refused, and never printed (the other keys: backup-key.test.ts).
      const sameKey = 'same-key-for-both-0123456789abcdefghijklmn';
      const reused = await cli('backup', [file], dataDir, { ENCRYPTION_KEY: sameKey, BACKUP_KEY: sameKey });
      expect(reused.code).toBe(1);
      expect(reused.stderr).toContain('BACKUP_KEY: must differ from ENCRYPTION_KEY');
      expect(reused.stdout + reused.stderr).not.toContain(sameKey);
      expect(existsSync(file)).toBe(false);

      // No setup on a developer's machine: the backup key is generated into dev-secrets.json.
      const backup = await cli('backup', [file], dataDir);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('Key: included dev-secrets.json');
      expect(backup.stdout).toContain('Encrypted and authenticated with the development backup key');
      expect(backup.stdout).toContain(`Backup written to ${file}`);
      expect(existsSync(`${file}.partial`)).toBe(false);
      const secrets = JSON.parse(readFileSync(path.join(dataDir, 'dev-secrets.json'), 'utf8')) as {
        encryptionKey: string;
        backupKey: string;
      };
      expect(secrets.backupKey).toMatch(/^[\w-]{43}$/);
      expect(secrets.backupKey).not.toBe(secrets.encryptionKey);
      expect(backup.stdout + backup.stderr).not.toContain(secrets.backupKey);
      expect(backup.stdout + backup.stderr).not.toContain(secrets.encryptionKey);
      expect(readFileSync(file).includes(secrets.encryptionKey)).toBe(false);

      // A fresh DATA_DIR has no key to open it: refused, with what to do.
      const keyless = await mkdtemp(path.join(work, 'cli-keyless-'));
      const noKey = await cli('restore', [file], keyless);
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toContain('BACKUP_KEY: is not set');
      expect(noKey.stderr).toContain('copy that dev-secrets.json into DATA_DIR first');
      // The wrong key, a flipped byte: refused in one clear line, nothing written, no stack, no key.
      const wrong = await cli('restore', [file], keyless, { BACKUP_KEY: OTHER_BACKUP_KEY });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toMatch(/^Restore refused: .* cannot be opened with the backup key/);
      expect(wrong.stderr + wrong.stdout).not.toContain(OTHER_BACKUP_KEY);
      const flippedFile = path.join(work, 'cli-flipped.age');
      const flipped = readFileSync(file);
      const at = flipped.length - 100;
      flipped.writeUInt8(flipped.readUInt8(at) ^ 0x01, at);
      await writeFile(flippedFile, flipped);
      const damaged = await cli('restore', [flippedFile], keyless, { BACKUP_KEY: secrets.backupKey });
      expect(damaged.code).toBe(1);
      expect(damaged.stderr).toMatch(/^Restore refused: .* failed authentication/);
      expect(damaged.stderr).not.toMatch(/\n\s+at /);
      expect(damaged.stderr + damaged.stdout).not.toContain(secrets.backupKey);
      for (const refused of [noKey, wrong, damaged])
        expect(refused.stderr.trim().split('\n')).toHaveLength(refused === noKey ? 2 : 1);
      // loadEnv makes the development secrets of a new DATA_DIR; nothing of the backup was written.
      expect((await contents(keyless)).filter((name) => name !== 'dev-secrets.json')).toEqual([]);

      const again = await cli('backup', [file], dataDir);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');

      // As docs/operations.md says: the source's dev-secrets.json copied into the new DATA_DIR first.
      const target = await mkdtemp(path.join(work, 'cli-target-'));
      await writeFile(
        path.join(target, 'dev-secrets.json'),
        readFileSync(path.join(dataDir, 'dev-secrets.json')),
      );
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
