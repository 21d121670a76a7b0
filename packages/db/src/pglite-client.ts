/**
 * PGlite embedded in this process: the data directory held under its lock, an old engine's directory upgraded
 * first (pglite-upgrade.ts). Loaded only when the app runs on PGlite (client.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle, DatabaseOptions } from './client.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { CASING } from './drizzle-casing.ts';
import { PGLITE_START_PARAMS } from './pglite-options.ts';
import { assertCurrentDataDir, upgradeLegacyDataDir } from './pglite-upgrade.ts';
import * as schema from './schema/index.ts';

export async function openPglite(
  options: Extract<DatabaseOptions, { engine: 'pglite' }>,
): Promise<DatabaseHandle> {
  /** Extensions the migrations create (pg_trgm: the staff search's trigram indexes, migration 0021). */
  const extensions = { pg_trgm };
  let client: PGlite;
  let lock: DataDirLock | undefined;
  const startParams = [...PGLITE_START_PARAMS];
  if (options.loadDataDir) {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions, startParams });
  } else if (options.dataDir) {
    const { dataDir, migrationsFolder } = options;
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // PGlite has no lock of its own: a second process on the same directory would corrupt it.
    lock = lockDataDir(dataDir, options.log ? { log: options.log } : {});
    try {
      if (migrationsFolder) {
        const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
        await upgradeLegacyDataDir({ dataDir, migrationsFolder, log });
      } else assertCurrentDataDir(dataDir);
      client = await PGlite.create({ dataDir, extensions, startParams });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions, startParams });
  }
  const db = drizzle({ client, schema, casing: CASING }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async (migrationsFolder) => {
      await migrate(drizzle({ client, casing: CASING }), { migrationsFolder });
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
