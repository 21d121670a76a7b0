/**
 * The schema and the migrations agree: what `drizzle-kit generate` would write for `src/schema` against the last
 * migration's snapshot is nothing. A schema edit without its migration (`cd packages/db && npx drizzle-kit
 * generate --name <what>`) fails here, before it reaches a database that the app's queries then disagree with.
 */
import { readFileSync } from 'node:fs';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { CASING } from './drizzle-casing.ts';
import * as schema from './schema/index.ts';

const MIGRATIONS = new URL('../migrations/', import.meta.url);

function lastSnapshot(): DrizzleSnapshotJSON {
  const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', MIGRATIONS), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('the migrations journal is empty');
  const file = `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`;
  return JSON.parse(readFileSync(new URL(file, MIGRATIONS), 'utf8')) as DrizzleSnapshotJSON;
}

/** The statements a new migration would need to bring the last snapshot to the schema as written. */
function pending(snapshot: DrizzleSnapshotJSON): Promise<string[]> {
  return generateMigration(snapshot, generateDrizzleJson(schema, snapshot.id, undefined, CASING));
}

describe('the schema and the migrations', () => {
  it('agree: the schema as written needs no migration the journal lacks', async () => {
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
