import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { PGLITE_START_PARAMS } from './pglite-options.ts';
import { assertCurrentDataDir, upgradeLegacyDataDir } from './pglite-upgrade.ts';
import * as schema from './schema/index.ts';

export { DataDirLockedError, lockDataDir, type DataDirLock, type LockOwner } from './data-dir-lock.ts';
export { PGLITE_START_PARAMS } from './pglite-options.ts';
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

const CASING = 'snake_case' as const;
/** Arbitrary, fixed: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_ID = 4_224_001;

/** Open the database: PostgreSQL through node-postgres, or PGlite embedded in this process. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      // No parallel workers for the app's statements: each is an index read of a page or a count, and on the
      // measured machine starting two workers took longer (about 40 ms) than the whole read (docs/benchmarks.md,
      // ADR 027); the requests themselves are the parallelism.
      options: '-c max_parallel_workers_per_gather=0',
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    if (options.namedStatements === false) pool.on('connect', (client) => sendUnnamed(client));
    const db = drizzlePg({ client: pool, schema, casing: CASING }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: async (migrationsFolder) => {
        const client = new pg.Client({ connectionString: options.migrationUrl ?? options.url });
        await client.connect();
        try {
          // Several instances may start at once: one migrates, the others wait.
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg({ client, casing: CASING }), { migrationsFolder });
          // The roles as the server resolves them (a URL may leave the user to PGUSER or the OS account).
          const owner = await client.query<{ role: string }>('select current_user as role');
          const app = await pool.query<{ role: string }>('select current_user as role');
          const appRole = app.rows[0]?.role;
          if (appRole && appRole !== owner.rows[0]?.role) await grantAppRole(client, appRole);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          await client.end();
        }
      },
      listen: (channel, onNotify) => listenPg(options.listenUrl ?? options.url, channel, onNotify),
      dumpDataDir: () => Promise.reject(new Error('dumpDataDir is only available on PGlite')),
      close: () => pool.end(),
    };
  }
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
  const db = drizzlePglite({ client, schema, casing: CASING }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async (migrationsFolder) => {
      await migratePglite(drizzlePglite({ client, casing: CASING }), { migrationsFolder });
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

/**
 * Give the app's role (DATABASE_URL's user) exactly what the app needs on the owner's schema, and nothing it
 * could use to rewrite history (security review F-08): read and write every table but the audit log, which it
 * may only read and append to, and no DELETE on users or clients (an account is erased through erase_account(),
 * which audits it); no ownership, so no ALTER, DROP or DISABLE TRIGGER. Idempotent, run as the owner
 * after every migration in one transaction, so the grants also cover tables a migration just made. Refuses
 * (throws) when the separation would be void: the app's role is a superuser or a member of the owner, owns
 * something, may create in the schema or create roles, replicates, bypasses row security, or still holds a write
 * on the audit log (or a delete on users or clients) granted by some other role.
 */
/** The app's database role holds more than its grants: the server refuses to start (message only, no stack). */
export class DatabaseRoleError extends Error {}

async function grantAppRole(owner: pg.Client, appRole: string): Promise<void> {
  const refuse = (problems: string[]) => {
    if (problems.length === 0) return;
    throw new DatabaseRoleError(
      `The app's database role ${appRole} (DATABASE_URL) must hold no more than its grants, but it ` +
        `${problems.join('; ')}. See docs/operations.md, "Database roles and the audit chain".`,
    );
  };
  const before = await owner.query<{ problem: string }>(
    `select 'is a superuser' as problem from pg_roles where rolname = $1 and rolsuper
     union all
     select 'is a member of the owner role ' || current_user where pg_has_role($1, current_user, 'MEMBER')
     union all
     select 'owns ' || c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and pg_get_userbyid(c.relowner) = $1
     union all
     select 'owns function ' || p.proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and pg_get_userbyid(p.proowner) = $1
     union all
     select 'may create objects in schema public' where has_schema_privilege($1, 'public', 'CREATE')
     union all
     -- CREATEROLE could (up to PostgreSQL 15) grant itself the owner role; REPLICATION reads every row through
     -- a replication connection; BYPASSRLS skips row security (security review S2-04).
     select 'may create roles (CREATEROLE)' from pg_roles where rolname = $1 and rolcreaterole
     union all
     select 'may replicate (REPLICATION)' from pg_roles where rolname = $1 and rolreplication
     union all
     select 'bypasses row security (BYPASSRLS)' from pg_roles where rolname = $1 and rolbypassrls`,
    [appRole],
  );
  refuse(before.rows.map((r) => r.problem));
  const role = owner.escapeIdentifier(appRole);
  await owner.query('begin');
  try {
    // Revoking first makes the grants exact, whatever an earlier version or an operator granted as the owner.
    await owner.query(`revoke all on all tables in schema public from ${role}`);
    await owner.query(`revoke all on all sequences in schema public from ${role}`);
    await owner.query(`grant usage on schema public to ${role}`);
    await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await owner.query(`revoke update, delete, truncate on audit_log from ${role}`);
    // An account is erased only through erase_account() (migration 0025), which audits it: deleting a user or
    // a client directly would strip their name from the audit log unrecorded (security review S2-04).
    await owner.query(`revoke delete, truncate on users, clients from ${role}`);
    await owner.query(`grant usage, select on all sequences in schema public to ${role}`);
    await owner.query(`grant execute on all functions in schema public to ${role}`);
    await owner.query('commit');
  } catch (error) {
    await owner.query('rollback').catch(() => {});
    throw error;
  }
  // A grant made by another role (a superuser) survives the owner's revoke.
  const after = await owner.query<{ problem: string }>(
    `select 'may update, delete, truncate or add triggers to audit_log (granted by another role)' as problem
      where has_table_privilege($1, 'audit_log', 'UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES')
     union all
     select 'may delete from ' || t || ' (granted by another role; erase accounts with erase_account())'
       from unnest(array['users', 'clients']) t where has_table_privilege($1, t, 'DELETE, TRUNCATE')`,
    [appRole],
  );
  refuse(after.rows.map((r) => r.problem));
}

/** Send every statement of this connection unnamed (a prepared query's name dropped, its text kept). */
function sendUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown) =>
    config !== null && typeof config === 'object' && 'name' in config
      ? { ...config, name: undefined }
      : config;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(unnamed(config), ...rest)) as typeof client.query;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

async function listenPg(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = 250;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      // stop() ran while this connection was being made.
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      return;
    }
    client = c;
    retryMs = 250;
  };

  const reconnect = (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = undefined;
    failed.removeAllListeners('end');
    failed.end().catch(() => {});
    const attempt = () => {
      if (stopped) return;
      connect()
        .then(() => {
          if (!stopped) onNotify();
        })
        .catch(() => {
          retryMs = Math.min(retryMs * 2, 10_000);
          setTimeout(attempt, retryMs).unref();
        });
    };
    setTimeout(attempt, retryMs).unref();
  };

  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = undefined;
    if (c) await c.end().catch(() => {});
  };
}
