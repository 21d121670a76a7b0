/**
 * The client queue's rows as every list of it reads them (a page, an export's slice): the sorts, a page's
 * filings, and one row per filing with the file's signals. Shared by the listing (`queue-listing.ts`) and the
 * CSV export (`queue-export.ts`).
 */
import { inSlice, type ListQuery, type Slice } from '../../lib/paged-query.ts';
import {
  isPhoneExtension,
  phoneWithDialCode,
  type STAFF_CLIENT_SORTS,
  type StaffClientRow,
} from '@taxfirm/contract';
import {
  alias,
  clients,
  eq,
  filings,
  inArray,
  sql,
  taxpayerProfiles,
  users,
  type Database,
  type SQL,
  type SQLWrapper,
} from '@taxfirm/db';
import { checklistProgressSql, lastClientActivitySql, organizerStateSql } from '../filings/file-signals.ts';
import { offshoreStateSql } from '../consents/consents.service.ts';

const assignee = alias(users, 'assignee');
const owner = alias(users, 'owner');
const fullName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

export type SortColumn = (typeof STAFF_CLIENT_SORTS)[number];

/** The queue's orders, by the contract's sort names. */
export const QUEUE_SORTS = {
  file_number: clients.fileNumber,
  name: fullName,
  email: owner.email,
  status: filings.status,
  updated: filings.updatedAt,
  // Days in status, most first when descending.
  status_since: sql`${filings.statusSince}`,
  // Kept on the filing by the database (migration 0047): read from an index, not worked out per file.
  next_due: filings.nextDueOn,
  last_client_activity: lastClientActivitySql,
} as const;

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

/** Complete when there is at least one required item and every one of them is accepted. */
export function documentsProgress(accepted: number, required: number) {
  return { accepted, required, complete: required > 0 && accepted === required };
}

/**
 * A page's filings (filters, order, slice: only the joins the order needs), for `queueRowsQuery`: the per-row
 * work (the file's signals) is done for one page and not for every filing of the year.
 */
export function pageIdsOf(db: Database, sortColumn: SortColumn, q: ListQuery, slice: Slice) {
  let ids = db.select({ id: filings.id }).from(filings).$dynamic();
  const needs = JOINS_OF_SORT[sortColumn];
  if (needs !== 'none') ids = ids.innerJoin(clients, eq(clients.id, filings.clientId));
  if (needs === 'owner') ids = ids.innerJoin(owner, eq(owner.id, clients.userId));
  return inSlice(ids, q, slice);
}

/** The columns of a queue row (the file's signals are subqueries on the outer `filings` row). */
const ROW_COLUMNS = {
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
  nextDue: filings.nextDueOn,
  lastClientActivity: lastClientActivitySql,
};

/**
 * The queue's rows of these filings (a page's, an export's slice), in `order`, as the database gives them;
 * `extra` adds columns to every row (a listing's counts, read in the same statement). A page's ids (a query)
 * are read first, as one array: each of its filings is then one probe of the primary key.
 */
export function queueRowsQuery<E extends Record<string, SQL.Aliased | SQL>>(
  db: Database,
  ids: SQLWrapper | string[],
  order: SQL[],
  extra?: E,
) {
  return db
    .select({ ...ROW_COLUMNS, ...(extra ?? ({} as E)) })
    .from(filings)
    .innerJoin(clients, eq(clients.id, filings.clientId))
    .innerJoin(owner, eq(owner.id, clients.userId))
    .leftJoin(assignee, eq(assignee.id, filings.assignedTo))
    .leftJoin(taxpayerProfiles, eq(taxpayerProfiles.clientId, clients.id))
    .where(Array.isArray(ids) ? inArray(filings.id, ids) : sql`${filings.id} = any(array(${ids}))`)
    .orderBy(...order);
}

/** A queue row as the database gives it (the columns `queueRowOf` reads). */
type QueueDbRow = {
  clientId: string;
  fileNumber: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  phoneExt: string;
  email: string;
  status: StaffClientRow['status'];
  assigneeFirst: string | null;
  assigneeLast: string | null;
  referredBy: string | null;
  offshoreState: StaffClientRow['offshore_state'];
  progress: { accepted: number; required: number };
  organizer: StaffClientRow['organizer'];
  statusSince: Date;
  nextDue: string | null;
  lastClientActivity: Date | null;
};

/** One row of the queue as the console shows it. */
export const queueRowOf = (row: QueueDbRow): StaffClientRow => ({
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
