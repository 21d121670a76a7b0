/**
 * What the backup tests share (backup, backup-commands): the keys, a scratch folder, new targets on either engine,
 * the source with a client, her identity number and a W-2 backed up once, and the archive's tar and age layers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createDatabase, PGLITE_START_PARAMS, prepareDatabase, type DatabaseHandle } from '@taxfirm/db';
import { Decrypter, Encrypter } from 'age-encryption';
import pg from 'pg';
import * as tar from 'tar-stream';
import { expect, inject } from 'vitest';
import { samplePdf } from '../../../../test/files.ts';
import {
  createTestApp,
  signUpAndLogIn,
  TEST_ENCRYPTION_KEY,
  type TestApp,
} from '../../../../test/helpers.ts';
import { TAXPAYER } from '../../../../test/samples.ts';
import { createKeyring } from '../../../lib/crypto/keyring.ts';
import { createLocalStorage } from '../../../lib/storage/local-storage.ts';
import { MIGRATIONS_DIR } from '../../../paths.ts';
import { createBackup } from '../create-backup.ts';
import type { BackupEnv } from '../data-dir.ts';

/** The scratch folder of the file's tests (openWork, before all; closeWork, after all). */
let work = '';
export const workDir = () => work;

export const provided = inject('testDatabase');
export const keyring = createKeyring(TEST_ENCRYPTION_KEY);
export const ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const SSN = '912-70-1234';
// Sealed on disk, so incompressible: over three of age's 64 KiB chunks in the archive on either engine.
export const W2 = samplePdf(200_000);
export const quiet = () => {};
export const TEST_BACKUP_KEY = 'test-backup-key-ZYXWVUTSRQPONMLKJIHGFEDCBA';
/** Another site's key, or an attacker's. */
export const OTHER_BACKUP_KEY = 'other-backup-key-abcdefghijklmnopqrstuvwxyz';
/** scrypt at a test's speed (the CLI test below runs the real work factor). */
export const FAST = { scryptWorkFactor: 10 };
export const EMAIL = 'asha.backup@example.com';

/** The same server, another database. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
/** Our generated names need no escaping, only quotes. */
export const quoteIdent = (name: string) => `"${name}"`;

/** PostgreSQL databases made here, dropped at the end. */
export const made: string[] = [];

export async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
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
export async function newPostgresDatabase(migrated: boolean): Promise<string> {
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
export async function newPgliteDataDir(): Promise<string> {
  if (provided.engine !== 'pglite') throw new Error('PGlite only');
  const dataDir = await mkdtemp(path.join(work, 'data-'));
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: new Blob([readFileSync(provided.snapshot)]),
    extensions: { pg_trgm },
    startParams: [...PGLITE_START_PARAMS],
  });
  await client.close();
  return dataDir;
}

/** Where this engine's data lives: a DATA_DIR, and on PostgreSQL a database too. */
export async function newTarget(migrated: boolean): Promise<BackupEnv> {
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
export async function openApp(env: BackupEnv): Promise<TestApp> {
  const database: DatabaseHandle = env.databaseUrl
    ? await createDatabase({ engine: 'postgres', url: env.databaseUrl, maxConnections: 4 })
    : await createDatabase({ engine: 'pglite', dataDir: path.join(env.dataDir, 'pglite') });
  await prepareDatabase(database, MIGRATIONS_DIR);
  const storage = createLocalStorage({ root: path.join(env.dataDir, 'files'), keyring });
  return createTestApp({}, { database, storage });
}

export type Session = { sid: string; clientId: string };
export const listDocuments = async (t: TestApp, who: Session) =>
  (await t.postAs(who.sid, '/api/upload/getuploaddocs', { folderPath: `${who.clientId}/W2/` })).json().data
    .Contents as { Key: string; location: string }[];

/** Everything in a folder, or nothing when it does not exist. */
export const contents = async (dir: string) => (existsSync(dir) ? await readdir(dir) : []);

export async function tableCount(url: string): Promise<number> {
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

export async function decrypt(bytes: Buffer, key = TEST_BACKUP_KEY): Promise<Buffer> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(key);
  return Buffer.from(await decrypter.decrypt(new Uint8Array(bytes)));
}

export async function encrypt(bytes: Buffer, key: string): Promise<Buffer> {
  const encrypter = new Encrypter();
  encrypter.setScryptWorkFactor(FAST.scryptWorkFactor);
  encrypter.setPassphrase(key);
  return Buffer.from(await encrypter.encrypt(new Uint8Array(bytes)));
}

export type TarMember = { name: string; data: Buffer };

/** A tar's members in order. */
export async function untar(bytes: Buffer): Promise<TarMember[]> {
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
export async function tarOf(members: TarMember[]): Promise<Buffer> {
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
export function forge(members: TarMember[]): TarMember[] {
  const target = members.find((m) => m.name.startsWith('files/'));
  return relisted(
    members.map((m) => ({
      ...m,
      data: m === target ? Buffer.concat([m.data, Buffer.from('x')]) : m.data,
    })),
  );
}

/**
 * `members` with the manifest's list of members (name, size, SHA-256) rewritten to match them, after `edit`
 * has changed the rest of the manifest: an archive consistent with itself, as a test shaped it.
 */
export function relisted(
  members: TarMember[],
  edit: (manifest: Record<string, unknown>) => void = () => {},
): TarMember[] {
  const manifest = members.find((m) => m.name === 'manifest.json');
  if (!manifest) throw new Error('no manifest');
  const parsed = JSON.parse(manifest.data.toString('utf8')) as Record<string, unknown>;
  edit(parsed);
  parsed['members'] = members
    .filter((m) => m !== manifest)
    .map((m) => ({
      name: m.name,
      size: m.data.length,
      sha256: createHash('sha256').update(m.data).digest('hex'),
    }));
  return members.map((m) => (m === manifest ? { ...m, data: Buffer.from(JSON.stringify(parsed)) } : m));
}

export const OWN_SETTINGS = new Set([
  'DATABASE_URL',
  'DATABASE_MIGRATION_URL',
  'ENCRYPTION_KEY',
  'ENCRYPTION_KEY_PREVIOUS',
  'SESSION_SECRET',
  'BACKUP_KEY',
  'BACKUP_KEY_PREVIOUS',
]);

export async function openWork(): Promise<void> {
  work = await mkdtemp(path.join(tmpdir(), 'taxfirm-backup-test-'));
}

/** Drops the PostgreSQL databases made here and the scratch folder. */
export async function closeWork(): Promise<void> {
  if (provided.engine === 'postgres') {
    await admin(async (c) => {
      for (const name of made) await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    });
  }
  await rm(work, { recursive: true, force: true });
}

/** The source: Asha signed up, her identity number saved and a W-2 uploaded; and its backup, made once. */
export async function makeSource(): Promise<{ source: BackupEnv; asha: Session; backupFile: string }> {
  const source = await newTarget(true);
  const t = await openApp(source);
  let asha: Session;
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
  const backupFile = path.join(work, 'backup.tar.gz.age');
  await createBackup(source, backupFile, quiet, FAST);
  return { source, asha, backupFile };
}
