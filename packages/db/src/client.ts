import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export { DataDirLockedError, lockDataDir, type DataDirLock, type LockOwner } from './data-dir-lock.ts';
export { PGLITE_START_PARAMS } from './pglite-options.ts';
export { DatabaseRoleError } from './postgres-roles.ts';
export {
  LEGACY_PG_MAJOR,
  legacyDirOf,
  pgMajorOf,
  restoreLegacyDump,
  upgradeLegacyDataDir,
  type UpgradeReport,
} from './pglite-upgrade.ts';

export type Schema = typeof schema;
/** The one database type the app uses, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  engine: Engine;
  /** Runs one trivial query; throws when the database is unreachable. */
  ping: () => Promise<void>;
  /**
   * Apply the committed migrations; on PostgreSQL through one connection (as the migration role) under an
   * advisory lock, then grant the app's role what it needs when it is another role (grantAppRole).
   */
  migrate: (migrationsFolder: string) => Promise<void>;
  /**
   * Call onNotify for every NOTIFY on the channel, from any connection. On PostgreSQL a dedicated
   * connection listens and reconnects; onNotify also runs after a reconnect, since notifications may
   * have been missed meanwhile. Resolves to a function that stops listening.
   */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball (test snapshots). */
  dumpDataDir: () => Promise<Blob>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | {
      engine: 'postgres';
      url: string;
      /** The owner role that migrates (DATABASE_MIGRATION_URL); `url` when unset. */
      migrationUrl?: string;
      /** Where LISTEN connects (a transaction-mode pooler cannot carry it); `url` when not given. */
      listenUrl?: string;
      maxConnections?: number;
      /**
       * Named (server-side) prepared statements, which the hottest reads use (the session lookup): parsed and
       * planned once per connection. Off behind a transaction-mode pooler (DATABASE_POOL_MODE=transaction),
       * which may run each statement on another server connection: every statement is then sent unnamed.
       */
      namedStatements?: boolean;
    }
  | {
      engine: 'pglite';
      /** On disk: held under a lock (data-dir-lock.ts) from open to close, one process at a time. */
      dataDir?: string;
      loadDataDir?: Blob | File;
      /**
       * With dataDir: a directory of the previous engine (PGlite 0.3, PostgreSQL 17) is first copied into one of
       * this engine at its migration level, the old one kept beside it (pglite-upgrade.ts). Without it, such a
       * directory is refused.
       */
      migrationsFolder?: string;
      /** Where the lock's and the upgrade's lines go; stderr by default. */
      log?: (line: string) => void;
    };

/**
 * Open the database: PostgreSQL through node-postgres, or PGlite embedded in this process. Each engine's module
 * is loaded only when it is used: an embedded start never loads node-postgres (issue 39's idle memory).
 */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === 'postgres') return (await import('./postgres-client.ts')).openPostgres(options);
  return (await import('./pglite-client.ts')).openPglite(options);
}
