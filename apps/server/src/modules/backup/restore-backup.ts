/**
 * npm run restore: a backup (archive.ts) back into the configured DATA_DIR, or PostgreSQL database, which
 * must be empty. The archive is decrypted, authenticated and checked in full, and the free space checked,
 * before anything is written. The database is left at the backup's migration level: the server migrates it
 * when it starts, as after any upgrade.
 */
import { createReadStream, createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { LEGACY_PG_MAJOR, lockDataDir, PGLITE_START_PARAMS, restoreLegacyDump } from '@taxfirm/db';
import * as tar from 'tar-stream';
import {
  BackupArchiveError,
  DEV_SECRETS_MEMBER,
  FILES_PREFIX,
  PGLITE_MEMBER,
  POSTGRES_MEMBER,
  readDevSecrets,
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
import { MIGRATIONS_DIR } from '../../paths.ts';

type Log = (line: string) => void;

/** What a restore writes in one folder's file system. */
export type SpaceNeed = { dir: string; bytes: number; what: string };

/** A folder, or the nearest one above it that exists (DATA_DIR may not exist yet). */
async function existingAncestor(dir: string): Promise<string> {
  let current = path.resolve(dir);
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;

/**
 * Refuse, before writing anything, a restore that does not fit: the needs on one file system are added up and
 * compared with the space free there for this user (statfs).
 */
export async function checkFreeSpace(needs: SpaceNeed[]): Promise<void> {
  const byDevice = new Map<number, { dir: string; bytes: number; what: string[] }>();
  for (const need of needs) {
    if (need.bytes <= 0) continue;
    const dir = await existingAncestor(need.dir);
    const { dev } = await stat(dir);
    const entry = byDevice.get(dev) ?? { dir, bytes: 0, what: [] };
    entry.bytes += need.bytes;
    entry.what.push(need.what);
    byDevice.set(dev, entry);
  }
  for (const { dir, bytes, what } of byDevice.values()) {
    const { bavail, bsize } = await statfs(dir);
    const free = bavail * bsize;
    if (free < bytes) {
      throw new BackupError(
        `Not enough free space: the restore needs about ${megabytes(bytes)} on the disk of ${dir} ` +
          `(${what.join(', ')}) and ${megabytes(free)} are free. Free some space or restore elsewhere; ` +
          'nothing was written.',
      );
    }
  }
}

/** A file system block per file: what a small file takes beyond its bytes. */
const PER_FILE_BYTES = 4096;

/** What restoring `manifest` writes where: DATA_DIR (files, the embedded database) and the work folder. */
function spaceNeeds(env: BackupEnv, manifest: Manifest, databaseBytes: number, workDir: string): SpaceNeed[] {
  const files = manifest.members.filter((m) => m.name.startsWith(FILES_PREFIX));
  const database = manifest.members.find((m) => m.name === PGLITE_MEMBER || m.name === POSTGRES_MEMBER);
  return [
    {
      dir: env.dataDir,
      bytes: files.reduce((sum, m) => sum + m.size + PER_FILE_BYTES, 0) + databaseBytes,
      what: manifest.engine === 'pglite' ? 'the files and the embedded database' : 'the files',
    },
    { dir: workDir, bytes: database?.size ?? 0, what: 'the database dump, while it is loaded' },
  ];
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

/** The PostgreSQL major of a PGlite dump (a gzip'd tar of the data directory): its PG_VERSION file. */
async function dumpPgMajor(file: string): Promise<string | undefined> {
  const extract = tar.extract();
  let major: string | undefined;
  const reading = (async () => {
    for await (const entry of extract) {
      if (entry.header.name.replace(/^\/+/, '') === 'PG_VERSION') {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        major = Buffer.concat(chunks).toString('utf8').trim();
        break;
      }
      entry.resume();
    }
  })();
  const source = createReadStream(file);
  await Promise.all([
    pipeline(source, createGunzip(), extract).catch(() => {}),
    reading.finally(() => source.destroy()),
  ]);
  return major;
}

/** Restore the backup `file` into the configured, empty target. */
export async function restoreBackup(env: BackupEnv, file: string, log: Log): Promise<Manifest> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist.`);
  const { manifest, databaseBytes } = await verifyArchive(source, env).catch((error: unknown) => {
    throw error instanceof BackupArchiveError ? new BackupArchiveError(`${source} ${error.message}`) : error;
  });
  log(
    `Checked ${source}: a ${manifest.engine} backup of ${manifest.createdAt} (${manifest.counts.clients} clients, ` +
      `${manifest.counts.documents} documents, ${manifest.counts.files} files); authenticated with the ` +
      'backup key, every checksum matches.',
  );
  await checkTarget(env, manifest);
  await checkFreeSpace(spaceNeeds(env, manifest, databaseBytes, tmpdir()));

  // Nobody may open the embedded database while it is written (the server, a second restore).
  const lock = manifest.engine === 'pglite' ? lockDataDir(pgliteDir(env.dataDir)) : undefined;
  const workDir = await mkdtemp(path.join(tmpdir(), 'taxfirm-restore-'));
  try {
    // As the server does: DATA_DIR and all written into it readable by this user only.
    preparePrivateDataDir(env.dataDir);
    let devSecrets: Buffer | undefined;
    const dumpFile = path.join(workDir, 'postgres.dump');
    const pgliteFile = path.join(workDir, 'pglite.tar.gz');
    await readMembers(source, env, manifest, async (name, stream) => {
      if (name === PGLITE_MEMBER) await pipeline(stream, createWriteStream(pgliteFile, { mode: 0o600 }));
      else if (name === DEV_SECRETS_MEMBER) devSecrets = await readDevSecrets(stream);
      else if (name === POSTGRES_MEMBER) await pipeline(stream, createWriteStream(dumpFile, { mode: 0o600 }));
      else {
        const target = path.join(filesDir(env.dataDir), ...name.slice(FILES_PREFIX.length).split('/'));
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(stream, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      }
    });

    if (manifest.engine === 'pglite') {
      if (!existsSync(pgliteFile)) throw new BackupError('The backup holds no database.');
      if ((await dumpPgMajor(pgliteFile)) === LEGACY_PG_MAJOR) {
        // A backup made on PGlite 0.3: loaded with that engine, then copied into this one (ADR 033).
        await restoreLegacyDump({
          dataDir: pgliteDir(env.dataDir),
          dump: await openAsBlob(pgliteFile),
          migrationsFolder: MIGRATIONS_DIR,
          log,
        });
      } else {
        const client = await PGlite.create({
          dataDir: pgliteDir(env.dataDir),
          loadDataDir: await openAsBlob(pgliteFile),
          extensions: { pg_trgm },
          startParams: [...PGLITE_START_PARAMS],
        });
        await client.close();
      }
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
