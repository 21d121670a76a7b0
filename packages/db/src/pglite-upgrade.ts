/**
 * The embedded database's engine upgrade (ADR 033): a data directory written by PGlite 0.3 (PostgreSQL 17)
 * does not open on PGlite 0.5 (PostgreSQL 18), so it is copied, row for row, into a new directory:
 *
 * 1. The old directory is opened with the old engine (`@electric-sql/pglite-v03`, loaded only here).
 * 2. A new directory, `<dir>.upgrading`, is made with this engine and migrated with the app's migrations up to
 *    the old directory's last applied one (the same schema, made by this PostgreSQL).
 * 3. Every table's rows are copied with COPY, triggers and foreign-key checks off
 *    (`session_replication_role = replica`: the audit log's append-only and chain triggers do not fire, so its
 *    rows, hashes and chain keep their stored values), the rows the migrations wrote replaced; every sequence
 *    gets the old one's value.
 * 4. Each table's row count and each sequence are compared; only then is `<dir>.upgrading/UPGRADE_VERIFIED`
 *    written, the old directory renamed to `<dir>-pg17` (kept, never deleted) and the new one to `<dir>`.
 *
 * Interrupted before the marker, the old directory is still `<dir>` and the next start begins again (the
 * unfinished `<dir>.upgrading` is this code's own and is removed first). Interrupted between the two renames,
 * the next start finds no `<dir>` and a verified `<dir>.upgrading`, and finishes. The caller holds the data
 * directory's lock (data-dir-lock.ts), so nothing else opens either directory meanwhile.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { CASING } from './drizzle-casing.ts';
import { PGLITE_START_PARAMS } from './pglite-options.ts';

/** The PostgreSQL major of the previous engine's data directories (PGlite 0.3). */
export const LEGACY_PG_MAJOR = '17';
const VERIFIED_MARKER = 'UPGRADE_VERIFIED';

type Log = (line: string) => void;
/** What both engines' clients offer that the copy uses. */
type Queryable = {
  query: <T>(
    sql: string,
    params?: unknown[],
    options?: { blob?: Blob | File },
  ) => Promise<{ rows: T[]; blob?: Blob | File | undefined }>;
  exec: (sql: string) => Promise<unknown>;
  close: () => Promise<void>;
};

/** The PostgreSQL major a data directory was made by, or undefined when it holds none. */
export function pgMajorOf(dataDir: string): string | undefined {
  const file = path.join(dataDir, 'PG_VERSION');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export const legacyDirOf = (dataDir: string) => `${dataDir}-pg${LEGACY_PG_MAJOR}`;
const stagingDirOf = (dataDir: string) => `${dataDir}.upgrading`;

/** Refuse a directory of the previous engine where no upgrade is offered (a tool that only reads). */
export function assertCurrentDataDir(dataDir: string): void {
  if (pgMajorOf(dataDir) === LEGACY_PG_MAJOR || (!existsSync(dataDir) && isVerified(stagingDirOf(dataDir)))) {
    throw new Error(
      `${dataDir} was written by the previous embedded database (PostgreSQL ${LEGACY_PG_MAJOR}): start the ` +
        'server once (npm start), which upgrades it, then run this again.',
    );
  }
}

const isVerified = (dir: string) => existsSync(path.join(dir, VERIFIED_MARKER));

export type UpgradeReport = { legacyDir: string; tables: number; rows: number };

/**
 * Upgrade `dataDir` if the previous engine wrote it (see the file's comment); resolves to undefined, having
 * done nothing, for a directory of this engine or none. The caller holds the directory's lock.
 */
export async function upgradeLegacyDataDir({
  dataDir,
  migrationsFolder,
  log,
}: {
  dataDir: string;
  migrationsFolder: string;
  log: Log;
}): Promise<UpgradeReport | undefined> {
  const staging = stagingDirOf(dataDir);
  if (!existsSync(dataDir) && isVerified(staging)) {
    // Stopped between the two renames: the old directory is already beside it, the new one verified.
    const { legacyDir, tables, rows } = JSON.parse(
      readFileSync(path.join(staging, VERIFIED_MARKER), 'utf8'),
    ) as UpgradeReport;
    renameSync(staging, dataDir);
    rmSync(path.join(dataDir, VERIFIED_MARKER));
    log(
      `Embedded database: finished the upgrade to PostgreSQL 18 begun earlier; the old data is in ${legacyDir}.`,
    );
    return { legacyDir, tables, rows };
  }
  if (pgMajorOf(dataDir) !== LEGACY_PG_MAJOR) return undefined;

  log(
    `Embedded database: ${dataDir} was written by PostgreSQL ${LEGACY_PG_MAJOR} (PGlite 0.3); copying it into ` +
      'a PostgreSQL 18 directory. The old directory is kept.',
  );
  const started = Date.now();
  // An earlier attempt cut short: this code's own, never the old data.
  rmSync(staging, { recursive: true, force: true });
  const report = await copyIntoNewEngine(dataDir, staging, migrationsFolder);
  const legacyDir = freeName(legacyDirOf(dataDir));
  writeFileSync(path.join(staging, VERIFIED_MARKER), JSON.stringify({ ...report, legacyDir }), {
    mode: 0o600,
  });
  renameSync(dataDir, legacyDir);
  renameSync(staging, dataDir);
  rmSync(path.join(dataDir, VERIFIED_MARKER));
  log(
    `Embedded database: upgraded to PostgreSQL 18 in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${report.tables} tables, ${report.rows} rows, every count checked). The old directory is now ` +
      `${legacyDir}: keep it until a backup of the upgraded database is made (npm run backup), then delete it.`,
  );
  return { ...report, legacyDir };
}

/** `name`, or `name-<n>` when an earlier upgrade already left a directory there. */
function freeName(name: string): string {
  let candidate = name;
  for (let n = 2; existsSync(candidate); n += 1) candidate = `${name}-${n}`;
  return candidate;
}

/**
 * Load a PostgreSQL 17 dump of a data directory (a backup made on PGlite 0.3) into `dataDir` with the old
 * engine, then upgrade it (npm run restore of an old archive). The caller holds the directory's lock.
 */
export async function restoreLegacyDump({
  dataDir,
  dump,
  migrationsFolder,
  log,
}: {
  dataDir: string;
  dump: Blob;
  migrationsFolder: string;
  log: Log;
}): Promise<UpgradeReport | undefined> {
  const old = await openLegacy(dataDir, dump);
  await old.close();
  return upgradeLegacyDataDir({ dataDir, migrationsFolder, log });
}

async function openLegacy(dataDir: string, loadDataDir?: Blob): Promise<Queryable> {
  // Imported here only: the old engine's WebAssembly is never loaded by a server that does not need it.
  const [{ PGlite: LegacyPGlite }, { pg_trgm: legacyTrgm }] = await Promise.all([
    import('@electric-sql/pglite-v03'),
    import('@electric-sql/pglite-v03/contrib/pg_trgm'),
  ]);
  const client = await LegacyPGlite.create({
    dataDir,
    extensions: { pg_trgm: legacyTrgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return client as unknown as Queryable;
}

type Table = { schema: string; name: string; columns: string[] };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

async function tablesOf(client: Queryable): Promise<Table[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
       array(select a.attname::text from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
              order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and ${USER_SCHEMAS}
     order by 1, 2`,
  );
  return rows;
}

async function sequencesOf(client: Queryable): Promise<Map<string, string>> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and ${USER_SCHEMAS} order by 1, 2`,
  );
  const values = new Map<string, string>();
  for (const sequence of rows) {
    const [state] = (
      await client.query<{ state: string }>(
        `select last_value::text || '/' || is_called::text as state from ${qualified(sequence)}`,
      )
    ).rows;
    values.set(qualified(sequence), state?.state ?? '');
  }
  return values;
}

const countOf = async (client: Queryable, table: Table) =>
  Number(
    (await client.query<{ n: string }>(`select count(*)::text as n from ${qualified(table)}`)).rows[0]?.n,
  );

/** The journal's migrations up to the old directory's last applied one, as a folder drizzle's migrator reads. */
async function migrationsUpTo(old: Queryable, migrationsFolder: string): Promise<string> {
  const applied = (
    await old.query<{ createdAt: string }>(
      `select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at`,
    )
  ).rows.map((row) => Number(row.createdAt));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const entries = journal.entries.slice(0, applied.length);
  if (entries.length !== applied.length || entries.some((entry, i) => entry.when !== applied[i])) {
    throw new Error(
      'The old embedded database has migrations this version does not know (it was written by a newer ' +
        'version of the app): run the version that wrote it, or restore a backup into a new DATA_DIR.',
    );
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'taxfirm-upgrade-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  for (const entry of entries) {
    cpSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

async function copyIntoNewEngine(
  oldDir: string,
  newDir: string,
  migrationsFolder: string,
): Promise<Omit<UpgradeReport, 'legacyDir'>> {
  const old = await openLegacy(oldDir);
  let fresh: PGlite | undefined;
  let folder: string | undefined;
  try {
    folder = await migrationsUpTo(old, migrationsFolder);
    fresh = await PGlite.create({
      dataDir: newDir,
      extensions: { pg_trgm },
      startParams: [...PGLITE_START_PARAMS],
    });
    await migrate(drizzle({ client: fresh, casing: CASING }), { migrationsFolder: folder });
    const target = fresh as unknown as Queryable;

    const tables = await tablesOf(old);
    const newTables = new Map((await tablesOf(target)).map((t) => [qualified(t), t.columns.join(',')]));
    const mismatch = tables.find((t) => newTables.get(qualified(t)) !== t.columns.join(','));
    if (mismatch || newTables.size !== tables.length) {
      throw new Error(
        `The upgrade's new database does not have the old one's tables (${mismatch ? qualified(mismatch) : 'count'}): nothing was changed.`,
      );
    }

    let rows = 0;
    await fresh.transaction(async (tx) => {
      // Triggers and foreign-key checks off: the rows are copied as they are stored.
      await tx.exec('set local session_replication_role = replica');
      for (const table of tables) await tx.exec(`delete from ${qualified(table)}`);
      for (const table of tables) {
        const columns = table.columns.map(ident).join(', ');
        const out = await old.query(`copy ${qualified(table)} (${columns}) to '/dev/blob'`);
        // An empty table writes no blob; the counts below check either way.
        if (!out.blob || out.blob.size === 0) continue;
        await tx.query(`copy ${qualified(table)} (${columns}) from '/dev/blob'`, [], { blob: out.blob });
      }
      for (const [sequence, state] of await sequencesOf(old)) {
        const [value, isCalled] = state.split('/');
        await tx.query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [sequence, value, isCalled]);
      }
    });

    // Checked on what was committed: every table's count, every sequence.
    for (const table of tables) {
      const [before, after] = [await countOf(old, table), await countOf(target, table)];
      if (before !== after) {
        throw new Error(
          `The upgrade copied ${after} of ${before} rows of ${qualified(table)}: nothing was changed.`,
        );
      }
      rows += after;
    }
    const [oldSequences, newSequences] = [await sequencesOf(old), await sequencesOf(target)];
    for (const [sequence, state] of oldSequences) {
      if (newSequences.get(sequence) !== state) {
        throw new Error(`The upgrade did not carry the sequence ${sequence} over: nothing was changed.`);
      }
    }
    await fresh.exec('checkpoint');
    return { tables: tables.length, rows };
  } finally {
    await old.close();
    if (fresh && !fresh.closed) await fresh.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
