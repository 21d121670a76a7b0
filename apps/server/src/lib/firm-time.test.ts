import { sql, type DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firmDateFormat,
  firmInstant,
  firmInstantSql,
  firmToday,
  firmTodaySql,
  firmYear,
  firmYearSql,
} from './firm-time.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The firm is in America/Chicago: CST is UTC-6, CDT UTC-5 (from 2026-03-08 02:00 to 2026-11-01 02:00). */
const INSTANTS = [
  '2026-01-01T05:59:59.999Z', // Dec 31, 23:59 CST
  '2026-01-01T06:00:00.000Z', // Jan 1, 00:00 CST
  '2026-03-08T07:59:59.000Z', // Mar 8, 01:59 CST, just before spring forward
  '2026-03-08T08:00:00.000Z', // Mar 8, 03:00 CDT
  '2026-03-09T04:59:59.000Z', // Mar 8, 23:59 CDT
  '2026-03-09T05:00:00.000Z', // Mar 9, 00:00 CDT
  '2026-11-01T06:30:00.000Z', // Nov 1, 01:30 CDT
  '2026-11-01T07:30:00.000Z', // Nov 1, 01:30 CST (again)
  '2026-11-02T05:59:00.000Z', // Nov 1, 23:59 CST
  '2026-11-02T06:00:00.000Z', // Nov 2, 00:00 CST
];

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await database.db.execute(sql`select ${query} as v`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { v: T }[];
  const [row] = rows;
  if (!row) throw new Error('no row');
  return row.v;
}

const isoDay = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

describe('firmToday and firmYear', () => {
  it('turn the day over at midnight in the firm, not in UTC', () => {
    expect(firmToday(new Date('2026-01-01T05:59:59.999Z'))).toBe('2025-12-31');
    expect(firmYear(new Date('2026-01-01T05:59:59.999Z'))).toBe(2025);
    expect(firmToday(new Date('2026-01-01T06:00:00.000Z'))).toBe('2026-01-01');
    expect(firmYear(new Date('2026-01-01T06:00:00.000Z'))).toBe(2026);
    // Summer time: midnight is at 05:00 UTC.
    expect(firmToday(new Date('2026-07-04T04:59:59.000Z'))).toBe('2026-07-03');
    expect(firmToday(new Date('2026-07-04T05:00:00.000Z'))).toBe('2026-07-04');
  });

  it.each(INSTANTS)('agree with their SQL twins at %s', async (iso) => {
    const now = new Date(iso);
    expect(isoDay(await one(sql`${firmTodaySql(now)}::text`))).toBe(firmToday(now));
    expect(Number(await one(firmYearSql(now)))).toBe(firmYear(now));
  });

  it('read the database clock when no instant is given', async () => {
    const today = isoDay(await one(sql`${firmTodaySql()}::text`));
    expect([firmToday(new Date(Date.now() - 60_000)), firmToday(new Date(Date.now() + 60_000))]).toContain(
      today,
    );
  });
});

describe('firmInstant', () => {
  it('is midnight in the firm on either side of a DST change', () => {
    expect(firmInstant('2026-03-08').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(firmInstant('2026-03-09').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(firmInstant('2026-11-01').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(firmInstant('2026-11-02').toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(firmInstant('2026-03-07', { days: 2 }).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(firmInstant('2026-11-01', { hours: 8 }).toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  const CASES: [string, { days?: number; hours?: number }][] = [
    ['2026-01-01', {}],
    ['2025-12-31', { days: 1 }],
    ['2026-03-08', { hours: 1 }],
    ['2026-03-08', { hours: 2 }], // skipped: 02:00 does not exist that night
    ['2026-03-08', { hours: 3 }],
    ['2026-03-08', { days: 1 }],
    ['2026-11-01', { hours: 0 }],
    ['2026-11-01', { hours: 1 }], // shown twice
    ['2026-11-01', { hours: 2 }],
    ['2026-11-01', { days: 1, hours: 23 }],
    ['2026-06-30', { hours: 8 }],
  ];

  it.each(CASES)('agrees with its SQL twin on %s %o', async (day, shift) => {
    const seconds = await one<number>(
      sql`extract(epoch from ${firmInstantSql(sql`${day}::date`, shift)})::float8`,
    );
    expect(new Date(Number(seconds) * 1000).toISOString()).toBe(firmInstant(day, shift).toISOString());
  });
});

describe('firmDateFormat', () => {
  it('shows the firm’s day, not UTC’s', () => {
    const format = firmDateFormat({ month: 'short', day: 'numeric' });
    expect(format.format(new Date('2026-02-11T03:00:00.000Z'))).toBe('Feb 10');
  });
});
