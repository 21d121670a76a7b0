/**
 * PostgreSQL through node-postgres: the pool, its migrations under an advisory lock with the app role's grants,
 * and LISTEN on a connection of its own. Loaded only when the app runs on PostgreSQL (client.ts), so an embedded
 * start never loads node-postgres.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, DatabaseHandle, DatabaseOptions } from './client.ts';
import { CASING } from './drizzle-casing.ts';
import { grantAppRole } from './postgres-roles.ts';
import * as schema from './schema/index.ts';

/** Arbitrary, fixed: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_ID = 4_224_001;

export function openPostgres(options: Extract<DatabaseOptions, { engine: 'postgres' }>): DatabaseHandle {
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
  const db = drizzle({ client: pool, schema, casing: CASING }) as unknown as Database;
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
        await migrate(drizzle({ client, casing: CASING }), { migrationsFolder });
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
