/**
 * The embedded engine's upgrade (ADR 033, packages/db pglite-upgrade.ts): a DATA_DIR written by PGlite 0.3
 * (PostgreSQL 17), with a client, staff, a status change and a sealed audit chain, is copied into PostgreSQL 18
 * at start-up and by `npm run restore` of an old archive; the old directory is kept, every table's rows arrive,
 * the chain still verifies and grows; an upgrade cut short leaves the old directory and is done again, or
 * finished, at the next start.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite as LegacyPGlite } from '@electric-sql/pglite-v03';
import { pg_trgm as legacyTrgm } from '@electric-sql/pglite-v03/contrib/pg_trgm';
import * as dbExports from '@taxfirm/db';
import {
  createDatabase,
  legacyDirOf,
  pgMajorOf,
  prepareDatabase,
  sql,
  type Database,
  type DatabaseHandle,
} from '@taxfirm/db';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { verifyAuditChain } from '../audit/audit-chain.ts';
import { clientAndStaffWrites, writeRows } from '../audit/testing/chain-kit.ts';
import { createBackup } from './create-backup.ts';
import { pgliteDir } from './data-dir.ts';
import { restoreBackup } from './restore-backup.ts';
import {
  closeWork,
  decrypt,
  encrypt,
  FAST,
  newTarget,
  openWork,
  provided,
  quiet,
  relisted,
  tarOf,
  untar,
  workDir,
} from './testing/backup-kit.ts';

/** The app on a PGlite 0.3 directory: the old engine behind the handle the app takes. */
async function legacyHandle(dataDir: string): Promise<DatabaseHandle> {
  const client = await LegacyPGlite.create({ dataDir, extensions: { pg_trgm: legacyTrgm } });
  const db = drizzle({
    client: client as never,
    schema: dbExports,
    casing: 'snake_case',
  }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async (migrationsFolder) => {
      await migrate(drizzle({ client: client as never, casing: 'snake_case' }), { migrationsFolder });
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

type Snapshot = { counts: Record<string, number>; head: { chainSeq: number; hash: string } | null };

/** Every table's row count, and the audit chain's head as the verifier reports it. */
async function snapshotOf(db: Database): Promise<Snapshot> {
  const tables = (await db.execute(
    sql.raw(`select schemaname || '.' || tablename as name from pg_tables
             where schemaname not in ('pg_catalog', 'information_schema') order by 1`),
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(sql.raw(`select count(*)::int as n from ${name}`))) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = result.rows[0]?.n ?? -1;
  }
  const report = await verifyAuditChain({ db });
  expect(report).toMatchObject({ breaks: 0, firstBreak: null });
  return { counts, head: report.head };
}

const LEGACY_MIGRATIONS = 'drizzle.__drizzle_migrations';

describe.runIf(provided.engine === 'pglite')('the upgrade from PGlite 0.3 (PostgreSQL 17)', () => {
  /** DATA_DIR/pglite of PGlite 0.3, migrated to this build's newest migration, with the app's rows. */
  let legacy = '';
  let before: Snapshot;

  beforeAll(async () => {
    await openWork();
    legacy = path.join(workDir(), 'legacy', 'pglite');
    mkdirSync(path.dirname(legacy), { recursive: true });
    const handle = await legacyHandle(legacy);
    await prepareDatabase(handle, MIGRATIONS_DIR);
    const t = await createTestApp({}, { database: handle });
    try {
      await clientAndStaffWrites(t);
      await writeRows(t.database.db, 5);
      before = await snapshotOf(t.database.db);
    } finally {
      await t.close();
    }
    expect(pgMajorOf(legacy)).toBe('17');
    expect(before.counts['public.audit_log']).toBeGreaterThan(5);
    expect(before.counts['public.clients']).toBe(1);
  }, 180_000);

  afterAll(closeWork);

  /** A DATA_DIR holding a copy of the old directory. */
  async function legacyDataDir(): Promise<string> {
    const dataDir = await mkdtemp(path.join(workDir(), 'data-'));
    cpSync(legacy, pgliteDir(dataDir), { recursive: true });
    return dataDir;
  }

  /** Opened as the server opens it (apps/server/src/database.ts): upgraded if need be, then migrated. */
  async function start(dataDir: string, lines: string[], migrationsFolder = MIGRATIONS_DIR) {
    const handle = await createDatabase({
      engine: 'pglite',
      dataDir: pgliteDir(dataDir),
      migrationsFolder,
      log: (line) => lines.push(line),
    });
    await prepareDatabase(handle, MIGRATIONS_DIR);
    return handle;
  }

  async function expectUpgraded(dataDir: string, handle: DatabaseHandle) {
    expect(pgMajorOf(pgliteDir(dataDir))).toBe('18');
    // The old directory is kept, as it was.
    expect(pgMajorOf(legacyDirOf(pgliteDir(dataDir)))).toBe('17');
    expect(existsSync(`${pgliteDir(dataDir)}.upgrading`)).toBe(false);
    const after = await snapshotOf(handle.db);
    expect(after).toEqual(before);
  }

  it('upgrades the directory at start-up: every row, the old directory kept, the audit chain verifies and grows', async () => {
    const dataDir = await legacyDataDir();
    const lines: string[] = [];
    const handle = await start(dataDir, lines);
    try {
      await expectUpgraded(dataDir, handle);
      expect(lines.join('\n')).toMatch(/upgraded to PostgreSQL 18 .*every count checked.*pglite-pg17/s);
      const version = (await handle.db.execute(
        sql`select current_setting('server_version_num')::int as v`,
      )) as unknown as {
        rows: { v: number }[];
      };
      expect(version.rows[0]?.v).toBeGreaterThanOrEqual(180_000);

      // The app writes on: the sequences carried over, the chain links on from the old head.
      await writeRows(handle.db, 3, 100);
      const report = await verifyAuditChain({ db: handle.db, knownHead: before.head ?? undefined });
      expect(report).toMatchObject({ breaks: 0, firstBreak: null });
      expect(report.rowsChecked).toBe((before.counts['public.audit_log'] ?? 0) + 3);
    } finally {
      await handle.close();
    }

    // The next start finds nothing to upgrade.
    const again: string[] = [];
    const reopened = await start(dataDir, again);
    await reopened.close();
    expect(again).toEqual([]);
  }, 240_000);

  it('leaves the old directory in place when the upgrade fails, and upgrades it at the next start', async () => {
    const dataDir = await legacyDataDir();
    // What an attempt cut short leaves: an unfinished new directory, which is the upgrade's own to remove.
    mkdirSync(`${pgliteDir(dataDir)}.upgrading`);
    writeFileSync(path.join(`${pgliteDir(dataDir)}.upgrading`, 'PG_VERSION'), '18\n');
    // An older build of the app, which knows fewer migrations than the directory has applied: refused.
    const older = path.join(workDir(), 'older-migrations');
    cpSync(MIGRATIONS_DIR, older, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(older, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    writeFileSync(
      path.join(older, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    );
    await expect(start(dataDir, [], older)).rejects.toThrow(/migrations this version does not know/);
    expect(pgMajorOf(pgliteDir(dataDir))).toBe('17');
    expect(existsSync(legacyDirOf(pgliteDir(dataDir)))).toBe(false);

    const handle = await start(dataDir, []);
    try {
      await expectUpgraded(dataDir, handle);
    } finally {
      await handle.close();
    }

    // Stopped between the two renames (the old directory moved aside, the verified new one not yet in place):
    // the next start finishes.
    renameSync(pgliteDir(dataDir), `${pgliteDir(dataDir)}.upgrading`);
    writeFileSync(
      path.join(`${pgliteDir(dataDir)}.upgrading`, 'UPGRADE_VERIFIED'),
      JSON.stringify({ legacyDir: legacyDirOf(pgliteDir(dataDir)), tables: 1, rows: 1 }),
    );
    const lines: string[] = [];
    const finished = await start(dataDir, lines);
    try {
      expect(lines.join('\n')).toMatch(/finished the upgrade/);
      await expectUpgraded(dataDir, finished);
    } finally {
      await finished.close();
    }
  }, 240_000);

  it('restores a backup made on PGlite 0.3 (npm run restore), upgraded, the old directory beside it', async () => {
    // An archive as PGlite 0.3 wrote it: a backup's layout, its database member the old engine's dump.
    const source = await newTarget(true);
    const file = path.join(workDir(), 'current.tar.gz.age');
    await createBackup(source, file, quiet, FAST);
    const old = await LegacyPGlite.create({ dataDir: legacy, extensions: { pg_trgm: legacyTrgm } });
    const dump = Buffer.from(await (await old.dumpDataDir('gzip')).arrayBuffer());
    const migrations = (await old.query<{ n: number }>(`select count(*)::int as n from ${LEGACY_MIGRATIONS}`))
      .rows[0]?.n;
    await old.close();
    const members = relisted(
      (await untar(gunzipSync(await decrypt(await readFile(file))))).map((m) =>
        m.name === 'database/pglite.tar.gz' ? { ...m, data: dump } : m,
      ),
      (manifest) => {
        const parsed = manifest as { database: { migrations: number }; counts: { clients: number } };
        parsed.database.migrations = migrations ?? 0;
        parsed.counts.clients = before.counts['public.clients'] ?? 0;
      },
    );
    const oldArchive = path.join(workDir(), 'pglite-0.3.tar.gz.age');
    await writeFile(oldArchive, await encrypt(gzipSync(await tarOf(members)), source.backupKey));

    const target = await newTarget(false);
    const lines: string[] = [];
    await restoreBackup(target, oldArchive, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/upgraded to PostgreSQL 18/);
    const handle = await start(target.dataDir, []);
    try {
      await expectUpgraded(target.dataDir, handle);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
