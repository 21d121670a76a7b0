import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.ts';
import { ensureSiteSettings } from './seed/site-settings.ts';

/** Where the committed migrations live, for callers running from source (scripts, tests). */
export const SOURCE_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** Bring a database up to date: apply migrations, then make sure the rows every instance needs exist. */
export async function prepareDatabase(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  await handle.migrate(migrationsFolder);
  await ensureSiteSettings(handle.db);
}
