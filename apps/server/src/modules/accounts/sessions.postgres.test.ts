import { createDatabase, sql, type DatabaseHandle } from '@taxfirm/db';
import { describe, expect, inject, it } from 'vitest';
import { signUpAndLogIn, useTestApp } from '../../../test/helpers.ts';
import { findSession } from './sessions.service.ts';

const t = useTestApp();

/** The rows of a raw statement's result (node-postgres's `QueryResult`). */
const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;

/** The test database's URL (one database per test file, on the server the test project was given). */
async function urlOfTestDatabase(): Promise<string> {
  const provided = inject('testDatabase');
  if (provided.engine !== 'postgres') throw new Error('a PostgreSQL test');
  const [row] = rowsOf<{ db: string }>(await t.database.db.execute(sql`select current_database() as db`));
  const url = new URL(provided.adminUrl);
  url.pathname = `/${row?.db ?? ''}`;
  return url.href;
}

/** The statements the one connection of `handle` holds prepared after two session lookups. */
async function preparedAfterLookups(handle: DatabaseHandle, sid: string): Promise<string[]> {
  expect(await findSession(handle.db, sid)).not.toBeNull();
  expect(await findSession(handle.db, sid)).not.toBeNull();
  const rows = rowsOf<{ name: string }>(
    await handle.db.execute(sql`select name from pg_prepared_statements`),
  );
  return rows.map((r) => r.name);
}

describe('the session lookup as a prepared statement on PostgreSQL', () => {
  it('is named (parsed once per connection), and sent unnamed behind a transaction-mode pooler', async () => {
    const asha = await signUpAndLogIn(t, 'asha.prepared@example.com');
    const url = await urlOfTestDatabase();
    const named = await createDatabase({ engine: 'postgres', url, maxConnections: 1 });
    try {
      expect(await preparedAfterLookups(named, asha.sid)).toContain('session_lookup');
    } finally {
      await named.close();
    }
    const unnamed = await createDatabase({
      engine: 'postgres',
      url,
      maxConnections: 1,
      namedStatements: false,
    });
    try {
      expect(await preparedAfterLookups(unnamed, asha.sid)).toEqual([]);
    } finally {
      await unnamed.close();
    }
  });
});
