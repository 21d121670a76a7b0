/**
 * The staff inbox's payments: every payment, by its status, tax year and day, as an inbox list (inbox-list.ts).
 * Offshore staff see only the payments of clients whose §7216 Yes is in force.
 */
import {
  centsToDecimal,
  type InboxPaymentRow,
  type PAYMENT_SORTS,
  type PaymentStatus,
} from '@taxfirm/contract';
import { and, clients, eq, filings, or, payments, sql, type SQL } from '@taxfirm/db';
import { clientOffshoreAllowedSql } from '../filings/filings.service.ts';
import { countIn, dayStart, definePagedList, inSlice, orderBy, searchIn } from '../../lib/paged-query.ts';
import { defineInboxList, INBOX_COUNT_LIMIT, type OffshoreScope, type Sorted } from './inbox-list.ts';

export type PaymentFilters = Sorted<(typeof PAYMENT_SORTS)[number]> &
  OffshoreScope & {
    status?: PaymentStatus | undefined;
    taxYear?: number | undefined;
    /** MM-DD-YYYY, inclusive, UTC days. */
    from?: string | undefined;
    to?: string | undefined;
  };

const payerName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;
/** When a payment happened: when it was paid, else when its order was made. */
const paymentDay = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;

/**
 * The search box on the payments tab: the payment's order or provider id, or its client's name or file number
 * contains the term. The client part is a set of client ids (found by the clients' trigram indexes), so that the
 * search and the filters are all on `payments` and a count needs no join.
 */
function paymentSearch(term: string | undefined): SQL | undefined {
  const onPayment = searchIn(term, [payments.orderId, payments.providerPaymentId]);
  const onClient = searchIn(term, [payerName, clients.fileNumber]);
  if (!onPayment || !onClient) return undefined;
  return or(onPayment, sql`${payments.clientId} in (select ${clients.id} from ${clients} where ${onClient})`);
}

const paymentList = definePagedList({
  // The filters and the search are all on `payments` (every payment has its client and filing): no joins.
  count: countIn(payments),
  countLimit: INBOX_COUNT_LIMIT,
  query: (f: PaymentFilters) => {
    const scope = and(
      f.offshoreOnly
        ? sql`${payments.clientId} in (select ${clients.id} from ${clients} where ${clientOffshoreAllowedSql})`
        : undefined,
      f.status ? eq(payments.status, f.status) : undefined,
      f.taxYear
        ? sql`${payments.filingId} in (select ${filings.id} from ${filings} where ${filings.taxYear} = ${f.taxYear})`
        : undefined,
      f.from ? sql`${paymentDay} >= ${dayStart(f.from)}` : undefined,
      f.to ? sql`${paymentDay} < ${dayStart(f.to, 1)}` : undefined,
    );
    const search = paymentSearch(f.search);
    const columns = {
      created: payments.createdAt,
      paid: payments.paidAt,
      client: payerName,
      file_number: clients.fileNumber,
      amount: payments.amountCents,
      status: payments.status,
    } as const;
    return {
      scope,
      search,
      order: orderBy(columns[f.sort.column], f.sort.dir, payments.id),
    };
  },
  read: async (db, q, slice): Promise<InboxPaymentRow[]> => {
    const rows = await inSlice(
      db
        .select({
          id: payments.id,
          clientId: payments.clientId,
          firstName: clients.firstName,
          lastName: clients.lastName,
          fileNumber: clients.fileNumber,
          taxYear: filings.taxYear,
          amountCents: payments.amountCents,
          currency: payments.currency,
          status: payments.status,
          orderId: payments.orderId,
          providerPaymentId: payments.providerPaymentId,
          paidAt: payments.paidAt,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .innerJoin(clients, eq(clients.id, payments.clientId))
        .innerJoin(filings, eq(filings.id, payments.filingId))
        .$dynamic(),
      q,
      slice,
    );
    return rows.map((row) => ({
      id: row.id,
      client_id: row.clientId,
      client_name: `${row.firstName} ${row.lastName}`,
      file_number: row.fileNumber,
      tax_year: row.taxYear,
      amount_cents: row.amountCents,
      currency: row.currency,
      status: row.status,
      order_id: row.orderId,
      payment_id: row.providerPaymentId,
      paid_at: row.paidAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }));
  },
});

export const paymentInbox = defineInboxList({
  list: paymentList,
  action: 'staff.inbox.payments',
  subjectOf: (f: PaymentFilters) => f.status ?? 'all',
  csvHeader: [
    'Created',
    'Client',
    'File number',
    'Tax year',
    'Amount',
    'Currency',
    'Status',
    'Order id',
    'Payment id',
    'Paid at',
  ],
  idOf: (r) => r.id,
  cellsOf: (r) => [
    r.created_at,
    r.client_name,
    r.file_number,
    r.tax_year,
    centsToDecimal(r.amount_cents),
    r.currency,
    r.status,
    r.order_id,
    r.payment_id,
    r.paid_at,
  ],
});
