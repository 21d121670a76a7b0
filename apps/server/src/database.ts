import path from 'node:path';
import { createDatabase, prepareDatabase, type DatabaseHandle } from '@taxfirm/db';
import type { Env } from './env.ts';
import { MIGRATIONS_DIR } from './paths.ts';

/**
 * Open the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and migrate it:
 * on PostgreSQL as DATABASE_MIGRATION_URL's role, the owner, which then grants DATABASE_URL's role what the app
 * needs (docs/operations.md, database roles).
 */
export async function openDatabase(
  env: Pick<Env, 'databaseUrl' | 'databaseMigrationUrl' | 'databaseListenUrl' | 'dataDir'> &
    Partial<Pick<Env, 'databasePoolMode'>>,
): Promise<DatabaseHandle> {
  const handle = env.databaseUrl
    ? await createDatabase({
        engine: 'postgres',
        url: env.databaseUrl,
        // Behind a transaction-mode pooler a statement may run on another connection than the one it was named on.
        namedStatements: env.databasePoolMode !== 'transaction',
        ...(env.databaseListenUrl ? { listenUrl: env.databaseListenUrl } : {}),
        ...(env.databaseMigrationUrl ? { migrationUrl: env.databaseMigrationUrl } : {}),
      })
    : // A directory of the previous embedded engine is upgraded first (packages/db pglite-upgrade.ts).
      await createDatabase({
        engine: 'pglite',
        dataDir: path.join(env.dataDir, 'pglite'),
        migrationsFolder: MIGRATIONS_DIR,
      });
  try {
    await prepareDatabase(handle, MIGRATIONS_DIR);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
