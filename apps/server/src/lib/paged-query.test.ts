/**
 * An export reads every matching row in batches: by keyset (after the last row's sort key) when the order
 * allows it, by OFFSET otherwise. Either way the rows and their order are those of one single read, ties on the
 * sort key, null keys and microsecond timestamps included.
 */
import { careerApplications, sql, type DatabaseHandle } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countBound,
  countIn,
  definePagedList,
  inSlice,
  orderBy,
  type Slice,
  type SortDir,
} from './paged-query.ts';

let database: DatabaseHandle;

type Row = { id: string; created: number; name: string; resume: string | null; email: string };
/** What each row was inserted with (microseconds since the first row), by id. */
const inserted: Row[] = [];

const applicantName = sql<string>`${careerApplications.firstName} || ' ' || ${careerApplications.lastName}`;
const COLUMNS = {
  created: careerApplications.createdAt,
  resume: careerApplications.resumeName,
  name: applicantName,
  email: careerApplications.email,
} as const;
type Column = keyof typeof COLUMNS;
type Filters = { column: Column; dir: SortDir; idDir: SortDir; only?: string };

/** The slices each read asked for, to see how the batches were read. */
let slices: Slice[] = [];
const list = definePagedList({
  count: countIn(careerApplications),
  query: (f: Filters) => ({
    scope: f.only ? sql`${careerApplications.email} like ${f.only}` : undefined,
    order: orderBy(COLUMNS[f.column], f.dir, careerApplications.id, f.idDir),
  }),
  read: async (db, q, slice) => {
    slices.push(slice);
    return inSlice(db.select({ id: careerApplications.id }).from(careerApplications).$dynamic(), q, slice);
  },
});

const idsOf = async (f: Filters, batch?: number, keyset = true) => {
  const out: string[] = [];
  for await (const row of list.all(database.db, f, keyset ? { idOf: (r) => r.id, batch } : { batch })) {
    out.push(row.id);
  }
  return out;
};

/** PostgreSQL's order in JavaScript: nulls last ascending, first descending; then the id. */
function expected(f: Filters, rows: Row[]): string[] {
  const cmp = (a: string | number | null, b: string | number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a < b ? -1 : 1;
  };
  return [...rows]
    .sort((a, b) => {
      const key = cmp(a[f.column], b[f.column]);
      if (key !== 0) return f.dir === 'asc' ? key : -key;
      const id = cmp(a.id, b.id);
      return f.idDir === 'asc' ? id : -id;
    })
    .map((r) => r.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  // 23 applications: 5 distinct instants a microsecond apart (ties on each), 4 names, résumés null or one of 3.
  for (let i = 0; i < 23; i++) {
    const created = i % 5;
    const first = ['ann', 'bob', 'cy', 'dee'][i % 4] ?? '';
    const resume = i % 3 === 0 ? null : `r${i % 3}.pdf`;
    const email = `a${String(i % 7).padStart(2, '0')}@example.com`;
    const [row] = await database.db
      .insert(careerApplications)
      .values({
        firstName: first,
        lastName: 'lee',
        email,
        phone: '4695550100',
        phoneExt: 'US',
        message: 'hello',
        resumeName: resume,
        createdAt: sql`'2026-03-01 10:00:00.000001+00'::timestamptz + ${created} * interval '1 microsecond'`,
      })
      .returning({ id: careerApplications.id });
    inserted.push({ id: row?.id ?? '', created, name: `${first} lee`, resume, email });
  }
});

afterAll(async () => {
  await database?.close();
});

describe('definePagedList: an export in batches', () => {
  const orders: Filters[] = (['created', 'resume', 'name', 'email'] as const).flatMap((column) =>
    (['asc', 'desc'] as const).flatMap((dir) =>
      (['asc', 'desc'] as const).map((idDir) => ({ column, dir, idDir })),
    ),
  );

  it.each(orders)('reads every row once, in order, by keyset: $column $dir, id $idDir', async (f) => {
    for (const batch of [1, 4, 7, 23, 500]) {
      slices = [];
      expect(await idsOf(f, batch)).toEqual(expected(f, inserted));
      // Keyset: every batch starts at the top of what is left, never skipping rows with an offset.
      expect(slices.every((s) => s.offset === 0 && s.limit === batch)).toBe(true);
      expect(slices.length).toBe(Math.floor(23 / batch) + 1);
    }
  });

  it('keeps the scope on every batch', async () => {
    const f: Filters = { column: 'created', dir: 'desc', idDir: 'asc', only: 'a0%' };
    const scoped = inserted.filter((r) => r.email.startsWith('a0'));
    expect(await idsOf(f, 2)).toEqual(expected(f, scoped));
  });

  it('reads by offset without a way to name a row, with the same rows and order', async () => {
    const f: Filters = { column: 'resume', dir: 'desc', idDir: 'asc' };
    slices = [];
    expect(await idsOf(f, 5, false)).toEqual(expected(f, inserted));
    expect(slices.map((s) => s.offset)).toEqual([0, 5, 10, 15, 20]);
  });
});

describe('definePagedList: counts that stop at a bound (countLimit)', () => {
  // The same 23 applications, counted to 5 and then to the first 5 past the page; `only` is a search here.
  const bounded = definePagedList({
    count: countIn(careerApplications),
    countLimit: 5,
    query: (f: { only?: string }) => ({
      search: f.only ? sql`${careerApplications.email} like ${f.only}` : undefined,
      order: orderBy(careerApplications.createdAt, 'asc', careerApplications.id),
    }),
    read: (db, q, slice) =>
      inSlice(db.select({ id: careerApplications.id }).from(careerApplications).$dynamic(), q, slice),
  });
  const counts = async (f: { only?: string }, start: number, length: number) => {
    const { recordsTotal, recordsFiltered, more, data } = await bounded.page(database.db, f, {
      start,
      length,
    });
    return { recordsTotal, recordsFiltered, more, rows: data.length };
  };

  it('stops at the bound and says more; past it, counts on to the next; below it, counts exactly', async () => {
    expect(await counts({}, 0, 2)).toEqual({ recordsTotal: 5, recordsFiltered: 5, more: true, rows: 2 });
    // The page ends past the first bound: counted to 10.
    expect(await counts({}, 4, 2)).toEqual({ recordsTotal: 10, recordsFiltered: 10, more: true, rows: 2 });
    // The last page: every row counted, nothing more.
    expect(await counts({}, 20, 5)).toEqual({ recordsTotal: 23, recordsFiltered: 23, more: false, rows: 3 });
    // A search under the bound (a00…: 4 rows) is exact; the unsearched total still stops at the bound.
    expect(await counts({ only: 'a00%' }, 0, 2)).toEqual({
      recordsTotal: 5,
      recordsFiltered: 4,
      more: false,
      rows: 2,
    });
  });

  it('counts exactly without a bound', async () => {
    expect(
      await list.page(database.db, { column: 'created', dir: 'asc', idDir: 'asc' }, { start: 0, length: 2 }),
    ).toMatchObject({ recordsTotal: 23, recordsFiltered: 23, more: false });
  });
});

describe('countBound', () => {
  it('is the first multiple of the limit past the page, so that the last page a count allows counts on', () => {
    const at = (start: number) => countBound(1000, { start, length: 25 });
    expect([at(0), at(950), at(975), at(1000), at(1950), at(1975)]).toEqual([
      1000, 1000, 2000, 2000, 2000, 3000,
    ]);
  });
});
