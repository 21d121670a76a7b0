/**
 * The staff console's work queues: a tax year's filings by status, and one queue's clients. Admins see every
 * filing; an analyst sees the filings assigned to them and the unassigned ones waiting in To Be Assigned
 * (whose triage view they may open, and take). The listing's statements are `queue-listing.ts`, the rows
 * `queue-rows.ts`, the filters `queue-filters.ts`, the CSV `queue-export.ts`.
 */
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { countIn, countUpTo, upTo, type BoundedPage, type SortDir } from '../../lib/paged-query.ts';
import {
  FILE_STATUSES,
  QUEUE_COUNT_LIMIT,
  type DataTablesParameters,
  type FileStatus,
  type QueueNarrowingBody,
  type QueueQueryBody,
  type StaffClientRow,
} from '@taxfirm/contract';
import { and, eq, filings, sql, type Database, type SQL } from '@taxfirm/db';
import { clientSearch } from './client-search.ts';
import { assertMayNarrow, narrowed, narrowing, visible, type QueueNarrowing } from './queue-filters.ts';
import { listQueueRows } from './queue-listing.ts';
import type { SortColumn } from './queue-rows.ts';

/**
 * Counted by status among the files the queue's other filters keep, each no further than QUEUE_COUNT_LIMIT
 * (`more` above it): one statement, a count per status and one of them all, each reading at most one past the
 * bound from the index on (tax year, status, ...).
 */
export async function countQueues({
  db,
  actor,
  taxYear,
  filters = {},
}: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  filters?: QueueNarrowing;
}) {
  assertMayNarrow(actor, filters);
  const kept = and(visible(actor, taxYear), narrowing(filters));
  const limit = QUEUE_COUNT_LIMIT + 1;
  const columns = [
    countUpTo(filings, kept, limit),
    ...FILE_STATUSES.map((status) => countUpTo(filings, and(kept, eq(filings.status, status)), limit)),
  ];
  const result = (await db.execute(
    sql`select ${sql.join(
      columns.map((column, i) => sql`${column} as ${sql.identifier(`n${i}`)}`),
      sql`, `,
    )}`,
  )) as unknown as { rows: Record<string, number | string>[] };
  const [total = 0, ...byStatus] = columns.map((_, i) => Number(result.rows[0]?.[`n${i}`] ?? 0));
  const { count: totalCount, more: totalMore } = upTo(total, QUEUE_COUNT_LIMIT);
  return {
    tax_year: taxYear,
    counts: FILE_STATUSES.map((status, i) => ({ status, ...upTo(byStatus[i] ?? 0, QUEUE_COUNT_LIMIT) })),
    total: totalCount,
    total_more: totalMore,
  };
}

/** A queue's filters as a whole, for a bulk action's or a saved view's files (issue 36). */
export type QueueQuery = QueueNarrowing & { status: FileStatus | undefined; search: string | undefined };

/** The queue's filters beside the status, from the calls' names. */
export const narrowingOf = (body: QueueNarrowingBody): QueueNarrowing => ({
  owner: body.owner,
  deliverableKind: body.deliverable_kind,
  due: body.due,
  waiting: body.waiting,
  unattendedDays: body.unattended_days,
  organizer: body.organizer,
});

/** A queue's filters as a whole, from the calls' names (a bulk action's "every file matching", a saved view). */
export const queueQueryOf = (body: QueueQueryBody): QueueQuery => ({
  ...narrowingOf(body),
  status: body.status,
  search: body.search,
});

/** The filings a queue's filters select for this staff member: the rows its list pages through. */
export function queueWhere(actor: StaffActor, taxYear: number, filters: QueueQuery): SQL {
  assertMayNarrow(actor, filters);
  return (
    and(
      visible(actor, taxYear),
      filters.status ? eq(filings.status, filters.status) : undefined,
      narrowing(filters),
      clientSearch(filters.search?.trim() || undefined),
    ) ?? sql`true`
  );
}

/**
 * Those filings in the list's default order (last update, newest first), as (filing_id, client_id,
 * position): a bulk action's "every file matching" is exactly the rows the list pages through.
 */
export function queueSelectionSql(actor: StaffActor, taxYear: number, filters: QueueQuery): SQL {
  return sql`select ${filings.id} as filing_id, ${filings.clientId} as client_id,
    row_number() over (order by ${filings.updatedAt} desc, ${filings.id} desc) as position
    from ${filings} where ${queueWhere(actor, taxYear, filters)}`;
}

/**
 * How many filings a queue's filters select for this staff member now: exactly (a bulk action's), or with
 * `limit` no more than that many (a saved view's, ADR 034).
 */
export async function countQueueQuery(
  db: Database,
  actor: StaffActor,
  taxYear: number,
  filters: QueueQuery,
  limit?: number,
): Promise<number> {
  const [row] = await countIn(filings)(db, queueWhere(actor, taxYear, filters), limit);
  return row?.n ?? 0;
}

/** A saved view's count (ADR 034): up to QUEUE_COUNT_LIMIT, and whether there are more. */
export async function countQueueView(db: Database, actor: StaffActor, taxYear: number, filters: QueueQuery) {
  return upTo(await countQueueQuery(db, actor, taxYear, filters, QUEUE_COUNT_LIMIT + 1), QUEUE_COUNT_LIMIT);
}

/**
 * How many files a queue's filters and search select, exactly (what a bulk action on all of them confirms; the
 * list's count stops at QUEUE_COUNT_LIMIT). Audited as a listing is: a search's count says whether someone is
 * a client.
 */
export async function countQueueFiles(
  db: Database,
  actor: StaffActor,
  taxYear: number,
  filters: QueueQuery,
): Promise<number> {
  const n = await countQueueQuery(db, actor, taxYear, filters);
  await audit(db, {
    actor,
    action: 'staff.clients.count',
    subject: `${taxYear}/${filters.status ?? 'All'}${filters.search?.trim() ? ' search' : ''}${narrowed(filters)}`,
  });
  return n;
}

/** One queue's clients, a page at a time; every listing is audited (who listed which queue, from where). */
export async function listQueue(
  db: Database,
  actor: StaffActor,
  input: {
    taxYear: number;
    status: FileStatus | undefined;
    page: DataTablesParameters;
    sort: { column: SortColumn; dir: SortDir };
  } & QueueNarrowing,
): Promise<BoundedPage<StaffClientRow>> {
  assertMayNarrow(actor, input);
  const search = input.page.search?.value?.trim() ?? '';
  const { taxYear, status, sort, page, ...narrowingFilters } = input;
  const result = await listQueueRows(db, actor, {
    taxYear,
    status,
    narrowing: narrowingFilters,
    search,
    sort,
    slice: { start: page.start, length: page.length },
  });
  await audit(db, {
    actor,
    action: 'staff.clients.list',
    subject: `${taxYear}/${status ?? 'All'}${search ? ' search' : ''}${narrowed(input)}`,
  });
  return result;
}
