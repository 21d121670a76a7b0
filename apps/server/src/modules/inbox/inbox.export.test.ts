/**
 * A CSV export larger than one batch (read by keyset, lib/paged-query.ts) writes the same bytes as one read.
 */
import { contactMessages, type DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvStream } from '../../lib/csv.ts';
import { contactCsvRows } from './inbox.service.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('a CSV export larger than one batch', () => {
  it('writes the same bytes as one read, ties on the sort key included', async () => {
    await database.db.insert(contactMessages).values(
      Array.from({ length: 37 }, (_, i) => ({
        name: `sender ${i % 4}`,
        email: `s${i}@example.com`,
        phone: '4695550100',
        phoneExt: 'US',
        message: i % 5 === 0 ? '=1+1, "quoted"' : 'hello',
        status: 'new' as const,
        createdAt: new Date(Date.UTC(2026, 2, 1, 10, i % 3)),
      })),
    );
    const text = async (stream: NodeJS.ReadableStream) => {
      let out = '';
      for await (const chunk of stream) out += String(chunk);
      return out;
    };
    for (const sort of [
      { column: 'received', dir: 'desc' },
      { column: 'name', dir: 'asc' },
      { column: 'status', dir: 'desc' },
    ] as const) {
      const header = ['Received', 'Name'];
      const whole = await text(csvStream(header, contactCsvRows(database.db, { sort }, 10_000)));
      const batched = await text(csvStream(header, contactCsvRows(database.db, { sort }, 3)));
      expect(batched).toBe(whole);
      expect(whole.split('\r\n')).toHaveLength(1 + 37 + 1);
    }
  });
});
