import { Badge } from '@mantine/core';
import {
  formatMoney,
  inboxExportHref,
  MESSAGES,
  PAYMENT_STATUSES,
  type InboxPaymentRow,
  type PAYMENT_SORTS,
  type PaymentStatus,
} from '@taxfirm/contract';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { TaxYearSelect } from '../../../components/ui/tax-year-select.tsx';
import { formatDateTime, toDayFilter } from '../../../lib/dates.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { usePayments } from '../api/get-payments.ts';
import { ROWS_PER_PAGE } from '../rows-per-page.ts';
import { ClientFileLink, DayRangeFilter, listCaption } from '../../../components/ui/list-cells.tsx';
import { StatusFilter } from './status-filter.tsx';

type SortColumn = (typeof PAYMENT_SORTS)[number];
/** The date inputs' days are yyyy-mm-dd, as the browser gives them. */
type Filters = {
  status: PaymentStatus | undefined;
  year: number | undefined;
  fromDay: string;
  toDay: string;
};

const STATUS_COLORS: Record<PaymentStatus, string> = { created: 'gray', paid: 'green', failed: 'red' };

const columns: Column<InboxPaymentRow, SortColumn>[] = [
  { label: 'Created', sort: 'created', render: (r) => formatDateTime(r.created_at), nowrap: true },
  {
    label: 'Client',
    sort: 'client',
    render: (r) => <ClientFileLink clientId={r.client_id}>{r.client_name}</ClientFileLink>,
  },
  { label: 'File number', sort: 'file_number', render: (r) => r.file_number ?? '—', nowrap: true },
  { label: 'Tax year', render: (r) => r.tax_year },
  {
    label: 'Amount',
    sort: 'amount',
    render: (r) => formatMoney(r.amount_cents, r.currency),
    nowrap: true,
  },
  { label: 'Currency', render: (r) => r.currency },
  {
    label: 'Status',
    sort: 'status',
    render: (r) => (
      <Badge variant="light" color={STATUS_COLORS[r.status]} c="dark.7">
        {r.status}
      </Badge>
    ),
  },
  { label: 'Order id', render: (r) => r.order_id, nowrap: true },
  { label: 'Payment id', render: (r) => r.payment_id ?? '—', nowrap: true },
  {
    label: 'Paid at',
    sort: 'paid',
    render: (r) => (r.paid_at ? formatDateTime(r.paid_at) : '—'),
    nowrap: true,
  },
];

/** Every card payment order, by status, tax year and date range (admins). */
export function PaymentsList() {
  const years = useTaxYears();
  const state = useListState<SortColumn, Filters>({
    key: 'payments',
    pageSize: ROWS_PER_PAGE,
    sort: { column: 'created', dir: 'desc' },
    filters: { status: undefined, year: undefined, fromDay: '', toDay: '' },
  });
  const { status, year, fromDay, toDay } = state.filters;
  const from = toDayFilter(fromDay);
  const to = toDayFilter(toDay);
  const isRangeBackwards = Boolean(fromDay && toDay && fromDay > toDay);
  const filters = {
    ...(status ? { status } : {}),
    ...(year ? { taxy: year } : {}),
    ...(from ? { from } : {}),
    ...(to && !isRangeBackwards ? { to } : {}),
  };
  const list = usePayments({
    ...filters,
    sort: state.sort,
    dataTablesParameters: state.dataTablesParameters,
  });

  return (
    <DataTable
      label="Payments"
      caption={listCaption(list, 'Loading payments…', ['payment', 'payments'])}
      empty="No payments match."
      columns={columns}
      list={list}
      rowKey={(r) => r.id}
      error={list.error ?? years.error}
      state={state}
      minWidth={1200}
      search={{ placeholder: 'Client, file number, order or payment id' }}
      exportHref={inboxExportHref('payments', { ...filters, ...state.exportQuery })}
      filters={
        <>
          <StatusFilter
            statuses={PAYMENT_STATUSES}
            value={status}
            onChange={(next) => state.setFilter('status', next)}
            w={150}
          />
          <TaxYearSelect
            years={years.data?.taxyears}
            value={year}
            onChange={(next) => state.setFilter('year', next)}
            allLabel="All years"
            w={130}
          />
          <DayRangeFilter
            from={fromDay}
            to={toDay}
            onFromChange={(day) => state.setFilter('fromDay', day)}
            onToChange={(day) => state.setFilter('toDay', day)}
            error={isRangeBackwards ? MESSAGES.DATE_RANGE_INVALID : undefined}
          />
        </>
      }
    />
  );
}
