import path from 'node:path';
import { createDatabase, prepareDatabase, type DatabaseHandle } from '@taxfirm/db';
import type { Env } from './env.ts';
import { MIGRATIONS_DIR } from './paths.ts';

/** Open the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and migrate it. */
export async function openDatabase(
  env: Pick<Env, 'databaseUrl' | 'dataDir' | 'databaseListenUrl'>,
): Promise<DatabaseHandle> {
  const handle = env.databaseUrl
    ? await createDatabase({
        engine: 'postgres',
        url: env.databaseUrl,
        ...(env.databaseListenUrl ? { listenUrl: env.databaseListenUrl } : {}),
      })
    : await createDatabase({ engine: 'pglite', dataDir: path.join(env.dataDir, 'pglite') });
  try {
    await prepareDatabase(handle, MIGRATIONS_DIR);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
