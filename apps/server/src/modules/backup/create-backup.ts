/**
 * npm run backup: the database and the local files in one archive (archive.ts).
 * - Embedded database: opened under the data-dir lock, so a running server makes it fail with
 *   DataDirLockedError (never a copy of a live PGlite directory); with the lock held nothing else writes, so
 *   the database and the files are one consistent moment.
 * - PostgreSQL: pg_dump from an exported snapshot, beside the running server. Local files are copied
 *   before the dump and those added meanwhile after it: every file a row of the snapshot names is in the
 *   archive unless it was deleted within those seconds. S3 objects are not copied (docs/operations.md).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdtemp, open, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { clients, createDatabase, documents, sql, type Database } from '@taxfirm/db';
import {
  createArchiveWriter,
  DEV_SECRETS_MEMBER,
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  PGLITE_MEMBER,
  POSTGRES_MEMBER,
  SCRYPT_WORK_FACTOR,
  type ArchiveWriter,
  type Manifest,
} from './archive.ts';
import { BackupError } from './backup-error.ts';
import {
  appSchemaTag,
  devSecretsFile,
  devSecretsHoldBackupKey,
  devSecretsToInclude,
  filesDir,
  listStoredFiles,
  pgliteDir,
  type BackupEnv,
} from './data-dir.ts';
import { connect, majorOf, pgDump, serverMajor, toolVersion } from './postgres-tools.ts';

type Log = (line: string) => void;
type Counts = Manifest['counts'];
type DatabasePart = Pick<Manifest, 'database'> & { counts: Pick<Counts, 'clients' | 'documents'> };

/** Copy local storage's files into the archive, skipping any already copied (`done`). */
async function addFiles(writer: ArchiveWriter, root: string, done: Set<string>): Promise<void> {
  for await (const relative of listStoredFiles(root)) {
    if (done.has(relative)) continue;
    let handle;
    try {
      handle = await open(path.join(root, relative), 'r');
    } catch (error) {
      // Deleted since it was listed (PostgreSQL only: the server runs on).
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') continue;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      await writer.add(`${FILES_PREFIX}${relative}`, size, handle.createReadStream({ autoClose: false }));
    } finally {
      await handle.close();
    }
    done.add(relative);
  }
}

/** How many migrations the database has applied (drizzle's own table). */
const MIGRATIONS_APPLIED = `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
  else (select count(*) from drizzle.__drizzle_migrations) end::int as n`;

async function backUpPglite(env: BackupEnv, writer: ArchiveWriter, log: Log): Promise<DatabasePart> {
  const dir = pgliteDir(env.dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dir} (DATA_DIR=${env.dataDir}): nothing to back up.`,
    );
  }
  const handle = await createDatabase({ engine: 'pglite', dataDir: dir });
  try {
    const db: Database = handle.db;
    const applied = (await db.execute(sql.raw(MIGRATIONS_APPLIED))) as unknown as { rows: { n: number }[] };
    const migrations = applied.rows[0]?.n ?? 0;
    const counts = { clients: await db.$count(clients), documents: await db.$count(documents) };
    // Written out to the data files, so a restore starts without replaying the log.
    await db.execute(sql`checkpoint`);
    const dump = await handle.dumpDataDir();
    await writer.add(PGLITE_MEMBER, dump.size, Readable.fromWeb(dump.stream() as never));
    log(`Database: the embedded database (${counts.clients} clients, ${counts.documents} documents).`);
    if (env.storage === 'local') await addFiles(writer, filesDir(env.dataDir), new Set());
    return { database: { migrations }, counts };
  } finally {
    await handle.close();
  }
}

async function backUpPostgres(
  env: BackupEnv & { databaseUrl: string },
  writer: ArchiveWriter,
  workDir: string,
  log: Log,
): Promise<DatabasePart> {
  // The owner role reads everything (the app role may not read every sequence).
  const url = env.databaseMigrationUrl ?? env.databaseUrl;
  const pgDumpVersion = await toolVersion('pg_dump');
  const client = await connect(url);
  try {
    const server = await serverMajor(client);
    if (majorOf(pgDumpVersion) < server) {
      throw new BackupError(
        `pg_dump ${pgDumpVersion} is older than the PostgreSQL ${server} server: install postgresql-client-${server} ` +
          `(or newer) and put its pg_dump first on PATH.`,
      );
    }
    const copied = new Set<string>();
    const root = filesDir(env.dataDir);
    if (env.storage === 'local') await addFiles(writer, root, copied);

    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const count = async (table: string) =>
      (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;
    const counts = { clients: await count('clients'), documents: await count('documents') };
    const migrations = (await client.query<{ n: number }>(MIGRATIONS_APPLIED)).rows[0]?.n ?? 0;
    const dumpFile = path.join(workDir, 'postgres.dump');
    await pgDump(url, dumpFile, rows[0]?.snapshot);
    await client.query('commit');

    const { size } = await stat(dumpFile);
    const dump = await open(dumpFile, 'r');
    try {
      await writer.add(POSTGRES_MEMBER, size, dump.createReadStream({ autoClose: false }));
    } finally {
      await dump.close();
    }
    const { hostname, pathname } = new URL(url);
    log(
      `Database: PostgreSQL ${pathname.slice(1)} on ${hostname} (pg_dump ${pgDumpVersion}; ` +
        `${counts.clients} clients, ${counts.documents} documents).`,
    );
    // Files added while pg_dump ran, so every file the snapshot's rows name is in.
    if (env.storage === 'local') await addFiles(writer, root, copied);
    return { database: { migrations, pgDump: pgDumpVersion }, counts };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Write the backup of the configured data to `file` (which must not exist yet), encrypted and authenticated
 * with `env.backupKey`. `scryptWorkFactor` is for tests only (a faster key derivation).
 */
export async function createBackup(
  env: BackupEnv,
  file: string,
  log: Log,
  { scryptWorkFactor = SCRYPT_WORK_FACTOR }: { scryptWorkFactor?: number } = {},
): Promise<Manifest> {
  const target = path.resolve(file);
  if (existsSync(target))
    throw new BackupError(`${target} already exists: choose a new name (backups are never overwritten).`);
  if (!existsSync(path.dirname(target)))
    throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  const partial = `${target}.partial`;
  if (existsSync(partial)) {
    throw new BackupError(
      `${partial} exists: another backup is being written there, or one was cut short (then delete it).`,
    );
  }
  const workDir = await mkdtemp(path.join(path.dirname(target), `.backup-${randomUUID().slice(0, 8)}-`));
  let writer: ArchiveWriter | undefined;
  try {
    writer = await createArchiveWriter(partial, env.backupKey, scryptWorkFactor);
    const part = env.databaseUrl
      ? await backUpPostgres({ ...env, databaseUrl: env.databaseUrl }, writer, workDir, log)
      : await backUpPglite(env, writer, log);
    const files = writer.members.filter((m) => m.name.startsWith(FILES_PREFIX));
    const fileBytes = files.reduce((sum, m) => sum + m.size, 0);
    if (env.storage === 'local')
      log(`Files: ${files.length} stored file(s) (${fileBytes} bytes) from ${filesDir(env.dataDir)}.`);
    else {
      log(
        'Files: STORAGE=s3, so the documents stay in the bucket and are NOT in this file. Back the bucket up ' +
          'with versioning and replication (docs/operations.md, "Backups and restore").',
      );
    }
    const secrets = devSecretsToInclude(env);
    if (secrets) {
      await writer.add(DEV_SECRETS_MEMBER, secrets.length, Readable.from([secrets]));
      log(
        'Key: included dev-secrets.json, the generated key of this development DATA_DIR: anyone with this ' +
          'file can read it, so keep it as private as the data.',
      );
    } else {
      log(
        'Key: NOT included. A restore needs the same ENCRYPTION_KEY (and ENCRYPTION_KEY_PREVIOUS, if set): ' +
          'keep them apart from the backups.',
      );
    }
    const manifest: Omit<Manifest, 'members'> = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      engine: env.databaseUrl ? 'postgres' : 'pglite',
      app: { schema: appSchemaTag() },
      database: part.database,
      storage: env.storage,
      counts: { ...part.counts, files: files.length, fileBytes },
      devSecrets: Boolean(secrets),
    };
    await writer.finish(manifest);
    // link, not rename: never replaces a file that appeared under the name meanwhile.
    await link(partial, target);
    await unlink(partial);
    const { size } = await stat(target);
    log(
      env.isProduction || !devSecretsHoldBackupKey(env)
        ? 'Encrypted and authenticated with BACKUP_KEY: a restore needs it (keep it apart from the backups).'
        : `Encrypted and authenticated with the development backup key in ${devSecretsFile(env.dataDir)}: to ` +
            'restore into another DATA_DIR, copy that file there first (or set BACKUP_KEY to its backupKey).',
    );
    log(`Backup written to ${target} (${size} bytes).`);
    return { ...manifest, members: writer.members };
  } catch (error) {
    await writer?.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
