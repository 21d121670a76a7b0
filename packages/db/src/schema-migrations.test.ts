/**
 * The schema and the migrations agree: what `drizzle-kit generate` would write for `src/schema` against the
 * newest snapshot in `migrations/meta` is nothing. (A migration's SQL edited by hand after it was generated, or
 * one written by hand with no snapshot, is outside what this compares.) A schema edit without its migration
 * (`npm run db:generate -- --name <what>`) fails here, before it reaches a database that the app's queries
 * then disagree with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { CASING } from './drizzle-casing.ts';
import * as schema from './schema/index.ts';

const MIGRATIONS = new URL('../migrations/', import.meta.url);

/** The newest snapshot in `meta/`, as `drizzle-kit generate` picks it (hand-written migrations have none). */
function lastSnapshot(): DrizzleSnapshotJSON {
  const last = readdirSync(new URL('meta/', MIGRATIONS))
    .filter((name) => /^\d{4}_snapshot\.json$/.test(name))
    .sort()
    .at(-1);
  if (!last) throw new Error('packages/db/migrations/meta holds no snapshot');
  return JSON.parse(readFileSync(new URL(`meta/${last}`, MIGRATIONS), 'utf8')) as DrizzleSnapshotJSON;
}

/** The statements a new migration would need to bring the last snapshot to the schema as written. */
async function pending(snapshot: DrizzleSnapshotJSON): Promise<string[]> {
  try {
    return await generateMigration(snapshot, generateDrizzleJson(schema, snapshot.id, undefined, CASING));
  } catch (error) {
    // A table or column both added and dropped reads as a possible rename, which drizzle-kit asks about.
    throw new Error('the schema and the last snapshot differ (a rename?): run `npm run db:generate`', {
      cause: error,
    });
  }
}

describe('the schema and the migrations', () => {
  it('agree: the schema as written needs nothing beyond the newest snapshot', async () => {
    expect(await pending(lastSnapshot())).toEqual([]);
  });

  it('would not: a snapshot missing an index and a column asks for both', async () => {
    const snapshot = lastSnapshot();
    const table = snapshot.tables['public.sessions'] as {
      columns: Record<string, unknown>;
      indexes: Record<string, unknown>;
    };
    const { sessions_user_idx: index, ...otherIndexes } = table.indexes;
    const { user_agent: column, ...otherColumns } = table.columns;
    expect(index && column).toBeTruthy();
    table.indexes = otherIndexes;
    table.columns = otherColumns;
    const statements = (await pending(snapshot)).join('\n');
    expect(statements).toContain('CREATE INDEX "sessions_user_idx"');
    expect(statements).toContain('ADD COLUMN "user_agent"');
  });
});
