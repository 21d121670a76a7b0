/**
 * One way to serve a paged list (the console's work queues, inbox lists, audit log, a client's referrals):
 * the DataTables answer (total in scope, total matching the search, one page), and every matching row in
 * batches for a CSV export. A list says how to count, how to filter and order, and how to read a slice.
 */
import { type DataTablesParameters } from '@taxfirm/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNull,
  lt,
  or,
  sql,
  type Database,
  type SQL,
  type SQLWrapper,
} from '@taxfirm/db';
import { Column, is, SQL as SqlChunk } from 'drizzle-orm';
import { firmInstantSql } from './firm-time.ts';
import type { AnyPgColumn, AnyPgTable, PgSelect } from 'drizzle-orm/pg-core';

export type SortDir = 'asc' | 'desc';
export type Slice = { limit: number; offset: number };
export type ListPage<R> = { recordsTotal: number; recordsFiltered: number; data: R[] };
/** A page whose counts stop at a bound (`countUpTo`); `more`: there are more matches than recordsFiltered says. */
export type BoundedPage<R> = ListPage<R> & { more: boolean };

/** A list under its filters: `scope` is what the filters allow, `search` what the search box adds. */
export type ListFilter = { scope?: SQL | undefined; search?: SQL | undefined; order: SQL[] };
/** The same, ready to run: `matching` is the scope and the search together. */
export type ListQuery = { scope: SQL | undefined; matching: SQL | undefined; order: SQL[] };

/** How many rows an export reads at a time. */
const EXPORT_BATCH = 500;

/** How an export reads every row: `idOf` names a row's id (for keyset batches), `batch` the batch size. */
export type ExportOptions<R> = { idOf?: (row: R) => string; batch?: number | undefined };

const ready = ({ scope, search, order }: ListFilter): ListQuery => ({
  scope,
  matching: search ? and(scope, search) : scope,
  order,
});

export function definePagedList<F, R>(list: {
  /**
   * Count the rows a condition selects (with the joins the search needs); with `limit`, no more than that many
   * (`countIn` writes both for a list on one table).
   */
  count: (db: Database, where: SQL | undefined, limit?: number) => Promise<{ n: number }[]>;
  /**
   * Counts stop at this bound (ADR 034): at the first multiple of it past the page (`countBound`), and the page
   * says `more` when there are more matches. Unset: counted exactly.
   */
  countLimit?: number;
  /**
   * How many rows the unfiltered list holds, when counting them exactly would read a table too large to
   * count on every page (the audit log); `count(db, scope)` otherwise.
   */
  total?: (db: Database) => Promise<number>;
  query: (filters: F) => ListFilter;
  read: (db: Database, query: ListQuery, slice: Slice) => Promise<R[]>;
}) {
  return {
    async page(
      db: Database,
      filters: F,
      page: Pick<DataTablesParameters, 'start' | 'length'>,
    ): Promise<BoundedPage<R>> {
      const q = ready(list.query(filters));
      // One past the bound: a count that reaches it says "more".
      const bound = list.countLimit === undefined ? undefined : countBound(list.countLimit, page);
      const limit = bound === undefined ? undefined : bound + 1;
      // Without a search the two counts are one: counted once (a count is the slow part of a big list).
      const counted = async () =>
        list.total && q.scope === undefined ? [{ n: await list.total(db) }] : list.count(db, q.scope, limit);
      const [[total], [filtered], data] = await Promise.all([
        counted(),
        q.matching === q.scope ? Promise.resolve([]) : list.count(db, q.matching, limit),
        list.read(db, q, { limit: page.length, offset: page.start }),
      ]);
      const totalCount = total?.n ?? 0;
      const filteredCount = q.matching === q.scope ? totalCount : (filtered?.n ?? 0);
      return boundedPage(totalCount, filteredCount, bound, data);
    },
    /**
     * Every matching row, read in batches (an export). With `idOf`, and an order by a column of the list's own
     * table (or an expression over its columns) then its id, each batch starts after the last row's sort key
     * (keyset), so that a batch costs the same at the end of the list as at its start; other orders read by
     * OFFSET.
     */
    async *all(db: Database, filters: F, options: ExportOptions<R> = {}): AsyncGenerator<R> {
      const { idOf, batch = EXPORT_BATCH } = options;
      const q = ready(list.query(filters));
      const keyset = idOf ? keysets.get(q.order) : undefined;
      let after: SQL | undefined;
      for (let offset = 0; ; offset += batch) {
        const rows = await list.read(db, after ? { ...q, matching: and(q.matching, after) } : q, {
          limit: batch,
          offset: keyset ? 0 : offset,
        });
        yield* rows;
        const last = rows.at(-1);
        if (rows.length < batch || !last) return;
        if (keyset && idOf) after = await afterRow(db, keyset, idOf(last));
      }
    },
  };
}

/** A select (made `$dynamic()`) narrowed to the query's matching rows, in its order, one slice. */
export function inSlice<T extends PgSelect>(select: T, q: ListQuery, slice: Slice) {
  return select
    .where(q.matching)
    .orderBy(...q.order)
    .limit(slice.limit)
    .offset(slice.offset);
}

/** A search term's ILIKE patterns: its text (its wildcards escaped), and its digits (three or more, else none). */
export type SearchPatternValues = { text: string; digits: string | undefined };
/** The same, as values or as a prepared statement's placeholders. */
export type SearchPatterns = { text: string | SQLWrapper; digits: string | SQLWrapper | undefined };

/** A term's patterns (`SearchPatternValues`); undefined for a blank term. */
export function searchPatterns(term: string | undefined): SearchPatternValues | undefined {
  const trimmed = term?.trim() ?? '';
  if (!trimmed) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  return {
    text: `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    digits: digits.length >= 3 ? `%${digits}%` : undefined,
  };
}

/**
 * A search box's condition: any of `text` contains the term (ILIKE, its wildcards escaped), or any of
 * `phones` contains its digits (three or more). Undefined for a blank term.
 */
export function searchIn(
  term: string | undefined,
  text: (AnyPgColumn | SQL)[],
  phones: AnyPgColumn[] = [],
): SQL | undefined {
  const patterns = searchPatterns(term);
  return patterns && matchingAny(patterns, text, phones);
}

/** `searchIn` for patterns already made (`searchPatterns`), or placeholders for them. */
export function matchingAny(
  { text: pattern, digits }: SearchPatterns,
  text: (AnyPgColumn | SQL)[],
  phones: AnyPgColumn[] = [],
): SQL {
  const conditions = [
    ...text.map((column) => ilike(column, pattern)),
    ...(digits === undefined ? [] : phones.map((column) => ilike(column, digits))),
  ];
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** An order an export can read by keyset: a column (or expression) of the id's own table, then the id. */
type Keyset = { column: AnyPgColumn | SQL; dir: SortDir; id: AnyPgColumn; idDir: SortDir };
const keysets = new WeakMap<SQL[], Keyset>();

/** Whether every column `value` reads belongs to `table` (an expression over other tables' columns does not). */
function onlyReads(value: unknown, table: unknown): boolean {
  if (is(value, Column)) return value.table === table;
  if (is(value, SqlChunk)) return value.queryChunks.every((chunk) => onlyReads(chunk, table));
  return true;
}

/**
 * The rows after the row `lastId` in a keyset order, as a condition. The last sort key is read by the
 * database (a subquery on the id), so that no value loses precision on the way (timestamps hold
 * microseconds). PostgreSQL's default null order: last when ascending, first when descending.
 */
async function afterRow(db: Database, { column, dir, id, idDir }: Keyset, lastId: string): Promise<SQL> {
  const table = id.table;
  const [last] = await db
    .select({ isNull: sql<boolean>`(${column}) is null` })
    .from(table)
    .where(eq(id, lastId));
  if (!last) throw new Error('An exported row vanished during its export.');
  const idAfter = idDir === 'asc' ? gt(id, lastId) : lt(id, lastId);
  const nullable = !is(column, Column) || !column.notNull;
  if (last.isNull) {
    const nullTies = and(isNull(column), idAfter);
    return dir === 'asc' ? (nullTies as SQL) : (or(nullTies, sql`(${column}) is not null`) as SQL);
  }
  const key = sql`(select ${column} from ${table} where ${id} = ${lastId})`;
  const cond = and(
    dir === 'asc' ? sql`${column} >= ${key}` : sql`${column} <= ${key}`,
    or(dir === 'asc' ? sql`${column} > ${key}` : sql`${column} < ${key}`, idAfter),
  ) as SQL;
  return dir === 'asc' && nullable ? (or(cond, sql`(${column}) is null`) as SQL) : cond;
}

/** Sort by a column, then by id so that pages never overlap. */
export function orderBy(
  column: AnyPgColumn | SQL,
  dir: SortDir,
  id: AnyPgColumn | SQL,
  idDir: SortDir = 'asc',
): SQL[] {
  const order = [dir === 'asc' ? asc(column) : desc(column), idDir === 'asc' ? asc(id) : desc(id)];
  if (is(id, Column) && onlyReads(column, id.table)) keysets.set(order, { column, dir, id, idDir });
  return order;
}

/**
 * A table's size for a list's total: exact up to `exactUpTo` rows (a count that stops there), and above that
 * the planner's estimate (`pg_class.reltuples`, kept by ANALYZE and autovacuum), since an exact count reads
 * every row and grows with the table.
 */
export async function boundedCount(db: Database, table: string, exactUpTo: number): Promise<number> {
  const result = (await db.execute(
    sql`select (select count(*) from (select 1 from ${sql.identifier(table)} limit ${exactUpTo + 1}) capped)::int as exact, (select reltuples::bigint from pg_class where oid = ${table}::regclass) as estimate`,
  )) as unknown as { rows: { exact: number; estimate: string | number | null }[] };
  const row = result.rows[0];
  const exact = Number(row?.exact ?? 0);
  if (exact <= exactUpTo) return exact;
  return Math.max(exact, Number(row?.estimate ?? 0));
}

/**
 * The rows of `table` matching `where`, no more than `limit` of them (a number, or a placeholder bound when the
 * statement runs), as a subquery to count from: the count reads at most `limit` rows, however many match. Ask
 * for one more than a bound to learn whether there are more than it.
 */
export const matchingUpTo = (table: AnyPgTable | SQL, where: SQL | undefined, limit: number | SQL): SQL =>
  sql`(select 1 from ${table} where ${where ?? sql`true`} limit ${limit}) as matching`;

/** Their count, as a column: `matchingUpTo` counted. */
export const countUpTo = (
  table: AnyPgTable | SQL,
  where: SQL | undefined,
  limit: number | SQL,
): SQL<number> =>
  sql<number>`(select count(*)::int from ${matchingUpTo(table, where, limit)})`.mapWith(Number);

/**
 * A paged list's `count` over `from` (a table, or tables joined as SQL): every row `where` selects, or with
 * `limit` no more than that many.
 */
export const countIn =
  (from: AnyPgTable | SQL) =>
  (db: Database, where: SQL | undefined, limit?: number): Promise<{ n: number }[]> =>
    limit === undefined
      ? db
          .select({ n: count() })
          .from(sql`${from}`)
          .where(where)
      : db.select({ n: count() }).from(matchingUpTo(from, where, limit));

/** A count read up to one past `bound`, as shown (ADR 034): at most the bound, and whether there are more. */
export const upTo = (n: number, bound: number) => ({ count: Math.min(n, bound), more: n > bound });

/**
 * A page with its counts as shown: each at most `bound` (undefined: exact), and `more` when the matches went
 * past it.
 */
export function boundedPage<R>(
  total: number,
  filtered: number,
  bound: number | undefined,
  data: R[],
): BoundedPage<R> {
  if (bound === undefined) return { recordsTotal: total, recordsFiltered: filtered, more: false, data };
  const matching = upTo(filtered, bound);
  return { recordsTotal: Math.min(total, bound), recordsFiltered: matching.count, more: matching.more, data };
}

/**
 * The bound a page's counts stop at: the first multiple of `limit` past the page's last row, so that the last
 * page a count allowed counts on to the next multiple (and the pages can always go on).
 */
export const countBound = (limit: number, slice: { start: number; length: number }) =>
  (Math.floor((slice.start + slice.length) / limit) + 1) * limit;

/** Rows of an async list as CSV cells. */
export async function* toCells<R, C>(rows: AsyncIterable<R>, cellsOf: (row: R) => C[]): AsyncGenerator<C[]> {
  for await (const row of rows) yield cellsOf(row);
}

/**
 * The first instant of a day filter (MM-DD-YYYY), plus `days`, in the firm's time zone: `from` is
 * `>= dayStart(from)`, `to` is `< dayStart(to, 1)`. Computed by the database, so that no year (9999
 * included) overflows a JavaScript date on the way.
 */
export function dayStart(mmddyyyy: string, days = 0): SQL {
  const [m, d, y] = mmddyyyy.split('-');
  return firmInstantSql(sql`${`${y}-${m}-${d}`}::date`, { days });
}
