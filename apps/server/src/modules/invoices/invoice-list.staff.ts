/**
 * The staff invoice lists (issue 20): one client's invoices, or the firm's (admins; an offshore admin only
 * clients whose §7216 Yes is in force), a page at a time with the totals of the whole filter per currency,
 * and the Invoices tab's CSV export.
 */
import {
  centsToDecimal,
  type DataTablesParameters,
  type InvoiceFilter,
  type InvoiceTotalsRow,
  type StaffInvoice,
} from '@taxfirm/contract';
import { and, asc, clients, count, eq, invoices, or, sql, users, type Database, type SQL } from '@taxfirm/db';
import { firmTodaySql } from '../../lib/firm-time.ts';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  definePagedList,
  inSlice,
  orderBy,
  searchIn,
  type ListPage,
  type ListQuery,
  type Slice,
} from '../../lib/paged-query.ts';
import { clientOffshoreAllowedSql, getWorkableFiling } from '../filings/filings.service.ts';
import { balanceOf, balanceSql, openSql } from './invoice-balance.ts';
import {
  isOverdue,
  loadInvoices,
  toStaffInvoice,
  type BillingLinks,
  type InvoiceRecord,
} from './invoice-record.ts';

type Reader = Pick<Database, 'select'>;

export type InvoiceListFilters = {
  /** One client's invoices; otherwise every client's (admins). */
  clientId?: string | undefined;
  taxYear?: number | undefined;
  filter: InvoiceFilter;
  search?: string | undefined;
  sort: {
    column: 'created' | 'number' | 'client' | 'due' | 'total' | 'balance' | 'status';
    dir: 'asc' | 'desc';
  };
  /** An offshore admin's firm-wide list: only clients whose §7216 Yes is in force. */
  offshoreOnly?: boolean;
};

const clientName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

function filterSql(filter: InvoiceFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'open':
      return openSql;
    case 'overdue':
      return and(openSql, sql`${invoices.dueDate} < ${firmTodaySql()}`);
    case 'paid':
    case 'draft':
    case 'void':
      return eq(invoices.status, filter);
  }
}

function listQuery(f: InvoiceListFilters) {
  const scope = and(
    f.clientId ? eq(invoices.clientId, f.clientId) : undefined,
    f.taxYear ? eq(invoices.taxYear, f.taxYear) : undefined,
    f.offshoreOnly
      ? sql`${invoices.clientId} in (select ${clients.id} from ${clients} where ${clientOffshoreAllowedSql})`
      : undefined,
    filterSql(f.filter),
  );
  return {
    scope,
    search: invoiceSearch(f.search),
    order: orderBy(SORTS[f.sort.column], f.sort.dir, invoices.id),
  };
}

/**
 * The search box: the invoice's number, or its client's name, file number or login e-mail contains the term.
 * The client part is one set of client ids (a union of two searches, each served by its own trigram indexes,
 * like the work queue's), so that the search and the filters are all on `invoices` and counts need no join.
 */
function invoiceSearch(term: string | undefined): SQL | undefined {
  const onInvoice = searchIn(term, [invoices.number]);
  const onClient = searchIn(term, [clientName, clients.fileNumber]);
  const onEmail = searchIn(term, [users.email]);
  if (!onInvoice || !onClient || !onEmail) return undefined;
  return or(
    onInvoice,
    sql`${invoices.clientId} in (select ${clients.id} from ${clients} where ${onClient} union select ${clients.id} from ${clients} inner join ${users} on ${users.id} = ${clients.userId} where ${onEmail})`,
  );
}

const SORTS = {
  created: invoices.createdAt,
  number: invoices.number,
  client: clientName,
  due: invoices.dueDate,
  total: invoices.totalCents,
  balance: balanceSql,
  status: invoices.status,
} as const;

// The filters and the search are all on `invoices` (every invoice has its client): counted without joins.
const countInvoices = (db: Database, where: SQL | undefined) =>
  db.select({ n: count() }).from(invoices).where(where);

/** One page of the list: the page's invoice ids in the list's order, then everything shown of them. */
async function readInvoices(db: Database, q: ListQuery, slice: Slice): Promise<InvoiceRecord[]> {
  const ids = await inSlice(
    db
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .innerJoin(users, eq(users.id, clients.userId))
      .$dynamic(),
    q,
    slice,
  );
  const records = await loadInvoices(
    db,
    ids.map((row) => row.id),
  );
  return ids.flatMap((row) => records.get(row.id) ?? []);
}

/** The totals of every invoice matching the filters (search included), one line per currency. */
async function totalsOf(db: Reader, where: SQL | undefined): Promise<InvoiceTotalsRow[]> {
  // The filters and the search are all on `invoices` and every invoice has a client with a login: no joins
  // (joining 60,000 invoices to 100,000 clients and logins was most of the list's time).
  const rows = await db
    .select({
      currency: invoices.currency,
      count: count(),
      total: sql<string>`coalesce(sum(${invoices.totalCents}), 0)`,
      paid: sql<string>`coalesce(sum(${invoices.paidCents} - ${invoices.refundedCents}), 0)`,
      balance: sql<string>`coalesce(sum(${balanceSql}), 0)`,
    })
    .from(invoices)
    .where(where)
    .groupBy(invoices.currency)
    .orderBy(asc(invoices.currency));
  return rows.map((row) => ({
    currency: row.currency,
    count: Number(row.count),
    total: Number(row.total),
    paid: Number(row.paid),
    balance: Number(row.balance),
  }));
}

/**
 * Who may list what: one client's invoices on the rules of that client's filing of `fileYear` (the tax year
 * asked for, else the current one); every client's invoices only for admins (an offshore admin: only clients
 * whose §7216 Yes is in force).
 */
async function assertCanList(
  db: Reader,
  actor: StaffActor,
  f: Pick<InvoiceListFilters, 'clientId'>,
  fileYear: number,
): Promise<{ offshoreOnly: boolean }> {
  if (f.clientId) {
    await getWorkableFiling(db, actor, { clientId: f.clientId, taxYear: fileYear });
    return { offshoreOnly: false };
  }
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  return { offshoreOnly: actor.offshore };
}

/** staff/invoices/list: a page of invoices, with the totals of the whole filter per currency. */
export async function findStaffInvoices(deps: {
  db: Database;
  actor: StaffActor;
  filters: InvoiceListFilters;
  fileYear: number;
  page: Pick<DataTablesParameters, 'start' | 'length'>;
  links: BillingLinks;
}): Promise<ListPage<StaffInvoice> & { totals: InvoiceTotalsRow[] }> {
  const { db, actor, page, links } = deps;
  const filters = {
    ...deps.filters,
    ...(await assertCanList(db, actor, deps.filters, deps.fileYear)),
    // One client's invoices: only the year of the filing just checked (another year's file may be another
    // analyst's).
    ...(deps.filters.clientId ? { taxYear: deps.fileYear } : {}),
  };
  const now = new Date();
  const { scope, search, order } = listQuery(filters);
  const matching = and(scope, search);
  // The totals count the matching invoices per currency: their sum is the list's filtered count, so only a
  // search needs a count of its own (the unsearched scope's).
  const [totals, scoped, records] = await Promise.all([
    totalsOf(db, matching),
    search ? countInvoices(db, scope) : undefined,
    readInvoices(db, { scope, matching, order }, { limit: page.length, offset: page.start }),
  ]);
  const recordsFiltered = totals.reduce((sum, row) => sum + row.count, 0);
  return {
    recordsTotal: scoped ? (scoped[0]?.n ?? 0) : recordsFiltered,
    recordsFiltered,
    data: records.map((record) => toStaffInvoice(record, links, now)),
    totals,
  };
}

export const INVOICE_CSV_HEADER = [
  'Number',
  'Created',
  'Client',
  'E-mail',
  'File number',
  'Tax year',
  'Status',
  'Currency',
  'Subtotal',
  'Discount',
  'Discount reason',
  'Total',
  'Paid',
  'Refunded',
  'Balance',
  'Due date',
  'Overdue',
  'Sent at',
  'Paid at',
  'Void reason',
];

/**
 * The Invoices tab's rows as the CSV shows them: the invoice's own columns and its client's name, e-mail and
 * file number, one query per batch (an export never needs the lines, payments and refunds `loadInvoices`
 * reads for the page, and reading them held hundreds of MB over 60,000 invoices).
 */
const invoiceCsvList = definePagedList({
  count: countInvoices,
  query: listQuery,
  read: (db, q, slice) =>
    inSlice(
      db
        .select({
          id: invoices.id,
          number: invoices.number,
          createdAt: invoices.createdAt,
          taxYear: invoices.taxYear,
          status: invoices.status,
          currency: invoices.currency,
          subtotalCents: invoices.subtotalCents,
          discountCents: invoices.discountCents,
          discountReason: invoices.discountReason,
          totalCents: invoices.totalCents,
          paidCents: invoices.paidCents,
          refundedCents: invoices.refundedCents,
          dueDate: invoices.dueDate,
          sentAt: invoices.sentAt,
          paidAt: invoices.paidAt,
          voidReason: invoices.voidReason,
          firstName: clients.firstName,
          lastName: clients.lastName,
          email: users.email,
          fileNumber: clients.fileNumber,
        })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.clientId))
        .innerJoin(users, eq(users.id, clients.userId))
        .$dynamic(),
      q,
      slice,
    ),
});

/** Every invoice matching the filters as CSV cells (admins: the firm-wide list's rules apply). */
export async function invoiceCsvRows(deps: {
  db: Database;
  actor: StaffActor;
  filters: InvoiceListFilters;
  /** Rows read at a time (tests). */
  batch?: number;
}): Promise<AsyncIterable<(string | number | null)[]>> {
  const { db, actor } = deps;
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  const filters = { ...deps.filters, clientId: undefined, offshoreOnly: actor.offshore };
  const now = new Date();
  const rows = invoiceCsvList.all(db, filters, { idOf: (r) => r.id, batch: deps.batch });
  return (async function* () {
    for await (const row of rows) {
      yield [
        row.number,
        row.createdAt.toISOString(),
        `${row.firstName} ${row.lastName}`.trim(),
        row.email,
        row.fileNumber,
        row.taxYear,
        row.status,
        row.currency,
        centsToDecimal(row.subtotalCents),
        centsToDecimal(row.discountCents),
        row.discountReason,
        centsToDecimal(row.totalCents),
        centsToDecimal(row.paidCents),
        centsToDecimal(row.refundedCents),
        centsToDecimal(balanceOf(row)),
        row.dueDate,
        isOverdue(row, now) ? 'yes' : 'no',
        row.sentAt?.toISOString() ?? null,
        row.paidAt?.toISOString() ?? null,
        row.voidReason,
      ];
    }
  })();
}
