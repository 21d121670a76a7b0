/**
 * npm run restore: a backup (archive.ts) back into the configured DATA_DIR, or PostgreSQL database, which
 * must be empty. The archive is checked in full before anything is written. The database is left at the
 * backup's migration level: the server migrates it when it starts, as after any upgrade.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from '@taxfirm/db';
import {
  DEV_SECRETS_MEMBER,
  FILES_PREFIX,
  PGLITE_MEMBER,
  POSTGRES_MEMBER,
  readMembers,
  verifyArchive,
  type Manifest,
} from './archive.ts';
import { preparePrivateDataDir } from '../../env.ts';
import { BackupError } from './backup-error.ts';
import {
  devSecretsFile,
  filesDir,
  isEmptyDir,
  listStoredFiles,
  pgliteDir,
  type BackupEnv,
} from './data-dir.ts';
import { connect, majorOf, pgRestore, toolVersion } from './postgres-tools.ts';

type Log = (line: string) => void;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Refuse, before writing anything, a target that already holds data or does not fit the backup. */
async function checkTarget(env: BackupEnv, manifest: Manifest): Promise<void> {
  const hasFiles = manifest.members.some((m) => m.name.startsWith(FILES_PREFIX));
  if (manifest.engine === 'pglite' && env.databaseUrl) {
    throw new BackupError(
      'This is a backup of the embedded database; DATABASE_URL is set. Restore it without DATABASE_URL ' +
        '(into DATA_DIR), or move to PostgreSQL as docs/operations.md describes.',
    );
  }
  if (manifest.engine === 'postgres' && !env.databaseUrl) {
    throw new BackupError(
      'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.',
    );
  }
  if (hasFiles && env.storage !== 'local') {
    throw new BackupError(
      'This backup holds local files (it was made with STORAGE=local) but STORAGE=s3 here: restore with ' +
        'STORAGE=local, then copy the files to the bucket if you are moving to S3.',
    );
  }
  if (env.storage === 'local') {
    const files = filesDir(env.dataDir);
    for await (const found of listStoredFiles(files)) {
      throw new BackupError(
        `${files} is not empty (it holds ${found}, among others): restore into a new, empty DATA_DIR.`,
      );
    }
  }
  if (manifest.engine === 'pglite') {
    if (!isEmptyDir(pgliteDir(env.dataDir))) {
      throw new BackupError(
        `${pgliteDir(env.dataDir)} already holds a database: restore into a new, empty DATA_DIR ` +
          '(or move this one aside first).',
      );
    }
    return;
  }
  const url = env.databaseMigrationUrl ?? env.databaseUrl ?? '';
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const tables = rows[0]?.n ?? 0;
    if (tables > 0) {
      const { hostname, pathname } = new URL(url);
      throw new BackupError(
        `The database ${pathname.slice(1)} on ${hostname} already has ${tables} tables: restore into a new, ` +
          'empty database (createdb, owned by the migration role), then point DATABASE_URL at it.',
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
  const restoreVersion = await toolVersion('pg_restore');
  const dumpVersion = manifest.database.pgDump ?? '0';
  if (majorOf(restoreVersion) < majorOf(dumpVersion)) {
    throw new BackupError(
      `pg_restore ${restoreVersion} cannot read a dump made by pg_dump ${dumpVersion}: install ` +
        `postgresql-client-${majorOf(dumpVersion)} (or newer).`,
    );
  }
}

/** Restore the backup `file` into the configured, empty target. */
export async function restoreBackup(env: BackupEnv, file: string, log: Log): Promise<Manifest> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist.`);
  const manifest = await verifyArchive(source);
  log(
    `Checked ${source}: a ${manifest.engine} backup of ${manifest.createdAt} (${manifest.counts.clients} clients, ` +
      `${manifest.counts.documents} documents, ${manifest.counts.files} files); every checksum matches.`,
  );
  await checkTarget(env, manifest);

  // Nobody may open the embedded database while it is written (the server, a second restore).
  const lock = manifest.engine === 'pglite' ? lockDataDir(pgliteDir(env.dataDir)) : undefined;
  const workDir = await mkdtemp(path.join(tmpdir(), 'taxfirm-restore-'));
  try {
    // As the server does: DATA_DIR and all written into it readable by this user only.
    preparePrivateDataDir(env.dataDir);
    let database: Buffer | undefined;
    let devSecrets: Buffer | undefined;
    const dumpFile = path.join(workDir, 'postgres.dump');
    await readMembers(source, manifest, async (name, stream) => {
      if (name === PGLITE_MEMBER) database = await readAll(stream);
      else if (name === DEV_SECRETS_MEMBER) devSecrets = await readAll(stream);
      else if (name === POSTGRES_MEMBER) await pipeline(stream, createWriteStream(dumpFile, { mode: 0o600 }));
      else {
        const target = path.join(filesDir(env.dataDir), ...name.slice(FILES_PREFIX.length).split('/'));
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(stream, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      }
    });

    if (manifest.engine === 'pglite') {
      if (!database) throw new BackupError('The backup holds no database.');
      const client = await PGlite.create({
        dataDir: pgliteDir(env.dataDir),
        loadDataDir: new Blob([new Uint8Array(database)]),
        extensions: { pg_trgm },
      });
      await client.close();
      log(`Database: restored into ${pgliteDir(env.dataDir)}.`);
    } else {
      await pgRestore(env.databaseMigrationUrl ?? env.databaseUrl ?? '', dumpFile);
      log('Database: restored with pg_restore. The app role gets its grants when the server starts.');
    }
    if (manifest.counts.files > 0)
      log(`Files: ${manifest.counts.files} restored into ${filesDir(env.dataDir)}.`);
    else if (manifest.storage === 's3')
      log('Files: the backup was made with STORAGE=s3; the documents are in the bucket.');

    if (devSecrets && !env.isProduction) {
      await writeFile(devSecretsFile(env.dataDir), devSecrets, { mode: 0o600 });
      log('Key: dev-secrets.json restored (the development key the data is sealed with).');
    } else if (devSecrets) {
      log('Key: the backup holds a development dev-secrets.json, left out: production takes ENCRYPTION_KEY.');
    } else {
      log(
        'Key: start the server with the ENCRYPTION_KEY (and ENCRYPTION_KEY_PREVIOUS) the backup was made under.',
      );
    }
    log('Start the server: it applies any newer migrations first.');
    return manifest;
  } catch (error) {
    if (error instanceof BackupError) {
      throw new BackupError(
        `${error.message}\nThe restore stopped part way: empty the target before trying again.`,
      );
    }
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
    lock?.release();
  }
}
