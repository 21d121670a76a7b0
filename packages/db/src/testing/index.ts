import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../client.ts';
import { databaseUrl, quoteIdent } from './urls.ts';

export type ProvidedTestDatabase =
  { engine: 'pglite'; snapshot: string } | { engine: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  // Vitest's injection registry is extended by declaration merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    testDatabase: ProvidedTestDatabase;
  }
}

/**
 * An isolated, migrated database for one test file, on the engine of the current Vitest project.
 * Close it in afterAll; on PostgreSQL closing also drops it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const provided = inject('testDatabase');
  if (provided.engine === 'pglite') {
    const snapshot = new Blob([readFileSync(provided.snapshot)]);
    return createDatabase({ engine: 'pglite', loadDataDir: snapshot });
  }
  const name = `taxfirm_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: provided.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(provided.template)}`);
  } finally {
    await admin.end();
  }
  const handle = await createDatabase({
    engine: 'postgres',
    url: databaseUrl(provided.adminUrl, name),
    maxConnections: 4,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: provided.adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
