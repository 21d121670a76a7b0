/**
 * The staff console's work queues: a tax year's filings by status, and one queue's clients. Admins see every
 * filing; an analyst sees the filings assigned to them and the unassigned ones waiting in To Be Assigned
 * (whose triage view they may open, and take).
 */
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import type { CsvCell } from '../../lib/csv.ts';
import {
  definePagedList,
  inSlice,
  orderBy,
  searchIn,
  type ListPage,
  type ListQuery,
  type Slice,
  type SortDir,
} from '../../lib/paged-query.ts';
import {
  CLIENT_WAITING_STATUSES,
  FILE_STATUSES,
  INITIAL_FILE_STATUS,
  MESSAGES,
  ORGANIZER_STATE_LABELS,
  type OrganizerState,
  type STAFF_CLIENT_SORTS,
  phoneWithDialCode,
  type DeliverableKind,
  type QueueDueWindow,
  type QueueWaiting,
  type QueueNarrowingBody,
  type QueueQueryBody,
  isPhoneExtension,
  type DataTablesParameters,
  type FileStatus,
  type StaffClientRow,
} from '@taxfirm/contract';
import {
  alias,
  and,
  clients,
  count,
  deliverables,
  desc,
  eq,
  filings,
  inArray,
  isNull,
  sql,
  taxpayerProfiles,
  users,
  type Database,
  type SQL,
  type SQLWrapper,
} from '@taxfirm/db';
import type { Placeholder } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import {
  deliverableOpenSql,
  dueBetweenSql,
  federalOpenSql,
  nextDueSql,
  notDueBetweenSql,
} from '../deliverables/due-sql.ts';
import {
  checklistProgressSql,
  lastClientActivitySql,
  organizerStateSql,
  unattendedSql,
} from '../filings/file-signals.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';
import { offshoreStateSql } from '../consents/consents.service.ts';

/** Which filings of a tax year this staff member may see: theirs, and the files waiting for an analyst. */
const visible = (actor: Pick<StaffActor, 'userId' | 'role' | 'offshore'>, taxYear: number) =>
  and(eq(filings.taxYear, taxYear), workableFilingsWhere(actor, { triage: true }));

/** Counted by status among the files the queue's other filters keep. */
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
  const rows = await db
    .select({ status: filings.status, n: count() })
    .from(filings)
    .where(and(visible(actor, taxYear), narrowing({ ...filters, taxYear })))
    .groupBy(filings.status);
  const byStatus = new Map(rows.map((r) => [r.status, r.n]));
  const counts = FILE_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
  return { tax_year: taxYear, counts, total: counts.reduce((sum, c) => sum + c.count, 0) };
}

/** Complete when there is at least one required item and every one of them is accepted. */
export function documentsProgress(accepted: number, required: number) {
  return { accepted, required, complete: required > 0 && accepted === required };
}

const assignee = alias(users, 'assignee');
const owner = alias(users, 'owner');
const fullName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

const sortsOf = (taxYear: number) =>
  ({
    file_number: clients.fileNumber,
    name: fullName,
    email: owner.email,
    status: filings.status,
    updated: filings.updatedAt,
    // Days in status, most first when descending.
    status_since: sql`${filings.statusSince}`,
    next_due: nextDueSql(taxYear),
    last_client_activity: lastClientActivitySql,
  }) as const;
type SortColumn = (typeof STAFF_CLIENT_SORTS)[number];

/**
 * The tables beside `filings` a sort reads (the filters and the search are all on `filings`): the page's ids
 * are found without joining 100,000 clients when the order does not need them.
 */
const JOINS_OF_SORT: Record<SortColumn, 'none' | 'clients' | 'owner'> = {
  file_number: 'clients',
  name: 'clients',
  email: 'owner',
  status: 'none',
  updated: 'none',
  status_since: 'none',
  next_due: 'none',
  last_client_activity: 'none',
};

/** The queue's filters beside the status (issue 35): owner, deliverable kind, due window, whom it waits on. */
export type QueueNarrowing = {
  owner?: 'unassigned' | (string & {}) | undefined;
  deliverableKind?: DeliverableKind | undefined;
  due?: QueueDueWindow | undefined;
  waiting?: QueueWaiting | undefined;
  unattendedDays?: number | undefined;
  organizer?: OrganizerState | undefined;
};

type QueueFilters = QueueNarrowing & {
  actor: StaffActor;
  taxYear: number;
  status: FileStatus | undefined;
  search: string | undefined;
  /** The clients `search` matches, when looked up already (`searchedClientIds`). */
  searchedClients?: string[] | undefined;
  sort: { column: SortColumn; dir: SortDir };
};

/** Whose files is for admins: an analyst's queues are their own files and the unassigned ones. */
function assertMayNarrow(actor: StaffActor, filters: QueueNarrowing): void {
  if (filters.owner && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.QUEUE_OWNER_ADMIN_ONLY });
  }
}

/** The narrowing filters as conditions on `filings` (each a subquery where it needs another table). */
function narrowing(f: QueueNarrowing & { taxYear: number }): SQL | undefined {
  const today = firmToday();
  const conditions: (SQL | undefined)[] = [];
  if (f.owner === 'unassigned') conditions.push(isNull(filings.assignedTo));
  else if (f.owner) conditions.push(eq(filings.assignedTo, f.owner));
  if (f.deliverableKind === 'federal') conditions.push(federalOpenSql);
  else if (f.deliverableKind) {
    conditions.push(sql`${filings.id} in (select ${deliverables.filingId} from ${deliverables}
      where ${deliverables.kind} = ${f.deliverableKind} and ${deliverableOpenSql})`);
  }
  // The next due date in a window, as set conditions: anything overdue; or nothing overdue and something due
  // from today through 7 or 30 days.
  const yesterday = addDays(today, -1);
  if (f.due === 'overdue') conditions.push(dueBetweenSql(f.taxYear, null, yesterday));
  else if (f.due) {
    const through = addDays(today, f.due === 'week' ? 7 : 30);
    conditions.push(notDueBetweenSql(f.taxYear, null, yesterday), dueBetweenSql(f.taxYear, today, through));
  }
  if (f.waiting === 'client') conditions.push(inArray(filings.status, [...CLIENT_WAITING_STATUSES]));
  if (f.waiting === 'us') {
    conditions.push(
      and(
        federalOpenSql,
        sql`not ${inArray(filings.status, [...CLIENT_WAITING_STATUSES, INITIAL_FILE_STATUS])}`,
      ),
    );
  }
  if (f.organizer) conditions.push(sql`${organizerStateSql} = ${f.organizer}`);
  if (f.unattendedDays) {
    conditions.push(and(federalOpenSql, unattendedSql(f.unattendedDays)));
  }
  return and(...conditions);
}

/**
 * The search box: filings whose client's name, file number or phone, or whose login e-mail, contains the
 * term. Written as one set of client ids (a union of two searches, each served by its own trigram indexes)
 * so that the filings are found from the few matching clients, not by testing every filing of the year.
 */
function clientSearch(term: string | undefined): SQL | undefined {
  const matching = searchedClientsSql(term);
  // `= any(array(…))`: the set is computed once and each of its clients' filings is an index probe
  // (`filings_client_year_idx`), where `in (…)` hashed it against every filing of the table.
  return matching && sql`${filings.clientId} = any(array(${matching}))`;
}

/** The ids of the clients a search term matches (name, file number, phone, login e-mail), as a query. */
function searchedClientsSql(term: string | undefined): SQL | undefined {
  const onClient = searchIn(term, [fullName, clients.fileNumber], [clients.phone]);
  const onEmail = searchIn(term, [users.email]);
  if (!onClient || !onEmail) return undefined;
  return sql`select ${clients.id} from ${clients} where ${onClient} union select ${clients.id} from ${clients} inner join ${users} on ${users.id} = ${clients.userId} where ${onEmail}`;
}

/** Up to this many clients a list's search matches are looked up once and handed to its queries as ids. */
const SEARCH_IDS_MAX = 20_000;

/**
 * The clients a list's search matches, looked up once for the list's three queries (the count, the page and
 * the total would each search again); undefined when there is no search or more than 20,000 match (then each
 * query searches, as `clientSearch` does).
 */
async function searchedClientIds(db: Database, term: string | undefined): Promise<string[] | undefined> {
  const matching = searchedClientsSql(term);
  if (!matching) return undefined;
  const result = (await db.execute(
    sql`select id from (${matching}) matched limit ${SEARCH_IDS_MAX + 1}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.length > SEARCH_IDS_MAX ? undefined : result.rows.map((row) => row.id);
}

/** A tax year's queue list in one order (the due-date rule's dates are the year's; the order names the joins). */
export const queueListOf = (taxYear: number, sortColumn: SortColumn) =>
  definePagedList({
    // The filters and the search are all on `filings`: counted without joins.
    count: (db, where) => db.select({ n: count() }).from(filings).where(where),
    query: (f: QueueFilters) => ({
      scope: and(
        visible(f.actor, f.taxYear),
        f.status ? eq(filings.status, f.status) : undefined,
        narrowing(f),
      ),
      search: f.searchedClients ? searchedIn(`{${f.searchedClients.join(',')}}`) : clientSearch(f.search),
      // The list's own sort column (not the filters'): it also names the joins `read` makes.
      order: orderBy(sortsOf(taxYear)[sortColumn], f.sort.dir, filings.id),
    }),
    read: async (db, q, slice): Promise<StaffClientRow[]> =>
      (await queueRowsQuery(db, taxYear, pageIdsOf(db, sortColumn, q, slice), q.order)).map(queueRowOf),
  });

/** The filings of the clients a search matched (`searchedClientIds`), given as a uuid array literal. */
const searchedIn = (clientIds: string | Placeholder) => sql`${filings.clientId} = any(${clientIds}::uuid[])`;

/**
 * A page's filings (filters, order, slice: only the joins the order needs), for `queueRowsQuery`: the per-row
 * work (the file's signals) is done for one page and not for every filing of the year.
 */
function pageIdsOf(db: Database, sortColumn: SortColumn, q: ListQuery, slice: Slice) {
  let ids = db.select({ id: filings.id }).from(filings).$dynamic();
  const needs = JOINS_OF_SORT[sortColumn];
  if (needs !== 'none') ids = ids.innerJoin(clients, eq(clients.id, filings.clientId));
  if (needs === 'owner') ids = ids.innerJoin(owner, eq(owner.id, clients.userId));
  return inSlice(ids, q, slice);
}

/**
 * What decides the SQL of a listing without narrowing filters (the console's usual page): its statements are
 * built once per shape (`listingOf`), and the rest (the analyst, the status, the searched clients, the slice)
 * are placeholders.
 */
type ListingShape = {
  taxYear: number;
  column: SortColumn;
  dir: SortDir;
  role: StaffActor['role'];
  offshore: boolean;
  status: boolean;
  searched: boolean;
};
type Listing = ReturnType<typeof buildListing>;
/** Placeholder values bound where the builders take a value (drizzle fills them when the statement runs). */
const placeholder = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** A listing's statements for one shape: the count of its scope, of its matches (when searched), and its page. */
function buildListing(db: Database, shape: ListingShape) {
  const actor = { role: shape.role, offshore: shape.offshore, userId: placeholder<string>('userId') };
  const scope = and(
    visible(actor, shape.taxYear),
    shape.status ? eq(filings.status, placeholder<FileStatus>('status')) : undefined,
  );
  const q: ListQuery = {
    scope,
    matching: shape.searched ? and(scope, searchedIn(sql.placeholder('clients'))) : scope,
    order: orderBy(sortsOf(shape.taxYear)[shape.column], shape.dir, filings.id),
  };
  const slice = { limit: placeholder<number>('limit'), offset: placeholder<number>('offset') };
  // Named by the shape: PostgreSQL parses each once per connection (and plans it with each call's values
  // while a plan for any values would cost more); unnamed behind a transaction-mode pooler (client.ts).
  const name = `queue_list_${shape.taxYear}_${shape.column}_${shape.dir}_${shape.role}_${[shape.offshore, shape.status, shape.searched].map(Number).join('')}`;
  const counted = (where: SQL | undefined, what: string) =>
    db.select({ n: count() }).from(filings).where(where).prepare(`${name}_${what}`);
  return {
    total: counted(q.scope, 'total'),
    filtered: shape.searched ? counted(q.matching, 'filtered') : undefined,
    page: queueRowsQuery(db, shape.taxYear, pageIdsOf(db, shape.column, q, slice), q.order).prepare(
      `${name}_page`,
    ),
  };
}

/** Shapes kept per database (a bound: the tax years, sorts and roles in use are far fewer). */
const LISTINGS_MAX = 512;
const listings = new WeakMap<Database, Map<string, Listing>>();

/**
 * Forget the built statements (a prepared statement keeps the logger its database had when it was built: a
 * test that records the statements through the logger forgets them first).
 */
export function forgetListings(db: Database): void {
  listings.delete(db);
}

/** The statements of a listing's shape, built on first use. */
function listingOf(db: Database, shape: ListingShape): Listing {
  let byShape = listings.get(db);
  if (!byShape) listings.set(db, (byShape = new Map()));
  const key = JSON.stringify(shape);
  let listing = byShape.get(key);
  if (!listing) {
    if (byShape.size >= LISTINGS_MAX) byShape.clear();
    listing = buildListing(db, shape);
    byShape.set(key, listing);
  }
  return listing;
}

/** The queue's rows of these filings (a page's, an export's slice), in `order`, as the database gives them. */
function queueRowsQuery(db: Database, taxYear: number, ids: SQLWrapper | string[], order: SQL[]) {
  return db
    .select({
      clientId: clients.id,
      fileNumber: clients.fileNumber,
      firstName: clients.firstName,
      lastName: clients.lastName,
      phone: clients.phone,
      phoneExt: clients.phoneExt,
      email: owner.email,
      status: filings.status,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      referredBy: taxpayerProfiles.referralName,
      offshoreState: offshoreStateSql,
      // "Documents complete": the row's checklist progress (file-signals.ts).
      progress: checklistProgressSql,
      organizer: organizerStateSql,
      statusSince: filings.statusSince,
      nextDue: sql<string | null>`to_char(${nextDueSql(taxYear)}, 'YYYY-MM-DD')`,
      lastClientActivity: lastClientActivitySql,
    })
    .from(filings)
    .innerJoin(clients, eq(clients.id, filings.clientId))
    .innerJoin(owner, eq(owner.id, clients.userId))
    .leftJoin(assignee, eq(assignee.id, filings.assignedTo))
    .leftJoin(taxpayerProfiles, eq(taxpayerProfiles.clientId, clients.id))
    .where(inArray(filings.id, ids))
    .orderBy(...order);
}
type QueueDbRow = Awaited<ReturnType<typeof queueRowsQuery>>[number];

/** One row of the queue as the console shows it. */
const queueRowOf = (row: QueueDbRow): StaffClientRow => ({
  client_id: row.clientId,
  file_number: row.fileNumber,
  name: `${row.firstName} ${row.lastName}`,
  email: row.email,
  phone: isPhoneExtension(row.phoneExt) ? phoneWithDialCode(row.phone, row.phoneExt) : row.phone,
  status: row.status,
  assigned_to: row.assigneeFirst ? `${row.assigneeFirst} ${row.assigneeLast ?? ''}`.trim() : null,
  referred_by: row.referredBy ?? null,
  offshore_state: row.offshoreState,
  documents: documentsProgress(row.progress.accepted, row.progress.required),
  organizer: row.organizer,
  status_since: row.statusSince.toISOString(),
  next_due: row.nextDue,
  last_client_activity: row.lastClientActivity?.toISOString() ?? null,
});

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
function queueWhere(actor: StaffActor, taxYear: number, filters: QueueQuery): SQL {
  assertMayNarrow(actor, filters);
  return (
    and(
      visible(actor, taxYear),
      filters.status ? eq(filings.status, filters.status) : undefined,
      narrowing({ ...filters, taxYear }),
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
    row_number() over (order by ${filings.updatedAt} desc, ${filings.id}) as position
    from ${filings} where ${queueWhere(actor, taxYear, filters)}`;
}

/** How many filings a queue's filters select for this staff member now (a saved view's count). */
export async function countQueueQuery(
  db: Database,
  actor: StaffActor,
  taxYear: number,
  filters: QueueQuery,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(filings)
    .where(queueWhere(actor, taxYear, filters));
  return row?.n ?? 0;
}

/** The narrowing filters in the audit subject (their names and values, never the search's words). */
const narrowed = (n: QueueNarrowing) =>
  Object.entries(n)
    .filter(([key, value]) => value !== undefined && key in NARROWING_KEYS)
    .map(([key, value]) => ` ${key}=${String(value)}`)
    .join('');
const NARROWING_KEYS = { owner: 1, deliverableKind: 1, due: 1, waiting: 1, unattendedDays: 1, organizer: 1 };

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
): Promise<ListPage<StaffClientRow>> {
  assertMayNarrow(actor, input);
  const search = input.page.search?.value?.trim() ?? '';
  const searchedClients = await searchedClientIds(db, search || undefined);
  const plain = (Object.keys(NARROWING_KEYS) as (keyof QueueNarrowing)[]).every(
    (k) => input[k] === undefined,
  );
  const result =
    plain && (!search || searchedClients)
      ? await listPlain(db, actor, input, searchedClients)
      : await queueListOf(input.taxYear, input.sort.column).page(
          db,
          { ...input, actor, search, searchedClients },
          input.page,
        );
  await audit(db, {
    actor,
    action: 'staff.clients.list',
    subject: `${input.taxYear}/${input.status ?? 'All'}${search ? ' search' : ''}${narrowed(input)}`,
  });
  return result;
}

/**
 * A listing without narrowing filters (and a search, if any, already looked up as client ids) through its
 * shape's statements: the same conditions, order and slice as `queueListOf`, with no SQL built on the way.
 */
async function listPlain(
  db: Database,
  actor: StaffActor,
  input: {
    taxYear: number;
    status: FileStatus | undefined;
    page: DataTablesParameters;
    sort: { column: SortColumn; dir: SortDir };
  },
  searchedClients: string[] | undefined,
): Promise<ListPage<StaffClientRow>> {
  const listing = listingOf(db, {
    taxYear: input.taxYear,
    column: input.sort.column,
    dir: input.sort.dir,
    role: actor.role,
    offshore: actor.offshore,
    status: input.status !== undefined,
    searched: searchedClients !== undefined,
  });
  const values = {
    userId: actor.userId,
    status: input.status,
    clients: searchedClients ? `{${searchedClients.join(',')}}` : undefined,
    limit: input.page.length,
    offset: input.page.start,
  };
  const [[total], filtered, rows] = await Promise.all([
    listing.total.execute(values),
    listing.filtered?.execute(values),
    listing.page.execute(values),
  ]);
  const recordsTotal = total?.n ?? 0;
  return {
    recordsTotal,
    recordsFiltered: filtered ? (filtered[0]?.n ?? 0) : recordsTotal,
    data: rows.map(queueRowOf),
  };
}

/** The selection's export (issue 36): the queue's columns, without identity numbers. */
export const QUEUE_CSV_HEADER = [
  'File number',
  'Name',
  'E-mail',
  'Phone',
  'Status',
  'Assigned to',
  'Documents accepted',
  'Documents required',
  'Organizer',
  'In status since',
  'Next due',
  'Last client activity',
  'Consent to work outside the US',
] as const;
/** Rows read per query while the export streams. */
const EXPORT_SLICE = 500;

/**
 * The CSV rows of the files chosen one by one (`clientIds`) or of every file a queue's filters match, among
 * the files this staff member may see, in the list's default order (last update first). Audited with the
 * count before the first row; the rows are read 500 at a time (only the matching ids are held whole).
 */
export async function queueExport(
  db: Database,
  actor: StaffActor,
  input: { taxYear: number; clientIds?: string[] | undefined; filter?: QueueQuery | undefined },
): Promise<AsyncIterable<CsvCell[]>> {
  const where = input.clientIds
    ? and(visible(actor, input.taxYear), inArray(filings.clientId, input.clientIds))
    : queueWhere(actor, input.taxYear, input.filter ?? { status: undefined, search: undefined });
  const order = [desc(filings.updatedAt), sql`${filings.id}`];
  const ids = (
    await db
      .select({ id: filings.id })
      .from(filings)
      .where(where)
      .orderBy(...order)
  ).map((row) => row.id);
  await audit(db, {
    actor,
    action: 'staff.clients.export',
    subject: `${input.taxYear} ${ids.length} files${input.clientIds ? ' chosen' : ' matching'}`,
  });
  const { taxYear } = input;
  return (async function* () {
    for (let start = 0; start < ids.length; start += EXPORT_SLICE) {
      const rows = await queueRowsQuery(db, taxYear, ids.slice(start, start + EXPORT_SLICE), order);
      for (const row of rows.map(queueRowOf)) {
        yield [
          row.file_number,
          row.name,
          row.email,
          row.phone,
          row.status,
          row.assigned_to,
          row.documents.accepted,
          row.documents.required,
          ORGANIZER_STATE_LABELS[row.organizer],
          row.status_since,
          row.next_due,
          row.last_client_activity,
          row.offshore_state,
        ];
      }
    }
  })();
}
