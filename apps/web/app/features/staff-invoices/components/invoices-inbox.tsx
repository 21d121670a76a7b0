import { Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import {
  INVOICE_EXPORT_PATH,
  INVOICE_FILTERS,
  formatMoney,
  type INVOICE_SORTS,
  type InvoiceFilter,
  type InvoiceTotalsRow,
  type StaffInvoice,
} from '@taxfirm/contract';
import { Link } from 'react-router';
import { DataTable, countOf, type Column } from '../../../components/ui/data-table.tsx';
import { ClientFileLink, listCaption } from '../../../components/ui/list-cells.tsx';
import { TaxYearSelect } from '../../../components/ui/tax-year-select.tsx';
import { paths } from '../../../config/paths.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useStaffInvoices } from '../api/invoices.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

type SortColumn = (typeof INVOICE_SORTS)[number];
type Filters = { filter: InvoiceFilter; year: number | undefined };

/** The inbox's page length. */
const PAGE_SIZE = 25;

const FILTER_LABELS: Record<InvoiceFilter, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  draft: 'Draft',
  void: 'Void',
  all: 'All',
};
/** The filter's choices in the order staff look for them. */
const FILTER_ORDER: readonly InvoiceFilter[] = ['open', 'overdue', 'paid', 'draft', 'void', 'all'];

const isInvoiceFilter = (value: string): value is InvoiceFilter =>
  (INVOICE_FILTERS as readonly string[]).includes(value);

/** A YYYY-MM-DD day as the console shows days. */
const showDay = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${month}-${date}-${year}`;
};

const columns: Column<StaffInvoice, SortColumn>[] = [
  {
    label: 'Number',
    sort: 'number',
    render: (r) => (
      <Anchor component={Link} to={paths.staff.client.getHref(r.client_id, 'billing')} underline="always">
        {r.number}
      </Anchor>
    ),
    nowrap: true,
  },
  {
    label: 'Client',
    sort: 'client',
    render: (r) => <ClientFileLink clientId={r.client_id}>{r.client_name}</ClientFileLink>,
  },
  { label: 'File number', render: (r) => r.file_number ?? '—', nowrap: true },
  { label: 'Tax year', render: (r) => r.tax_year },
  { label: 'Total', sort: 'total', render: (r) => formatMoney(r.total, r.currency), nowrap: true },
  { label: 'Paid', render: (r) => formatMoney(r.paid - r.refunded, r.currency), nowrap: true },
  { label: 'Balance', sort: 'balance', render: (r) => formatMoney(r.balance, r.currency), nowrap: true },
  {
    label: 'Due',
    sort: 'due',
    render: (r) => (r.due_date ? `${showDay(r.due_date)}${r.overdue ? ' (overdue)' : ''}` : '—'),
    nowrap: true,
  },
  { label: 'Status', sort: 'status', render: (r) => <InvoiceStatusBadge status={r.status} /> },
];

/** "Total $350.00, Paid $200.00, Balance $150.00, 1 invoice": one currency's totals of the filter. */
export function totalsLine(row: InvoiceTotalsRow): string {
  const money = (cents: number) => formatMoney(cents, row.currency);
  return `Total ${money(row.total)}, Paid ${money(row.paid)}, Balance ${money(row.balance)}, ${countOf(row.count, ['invoice', 'invoices'])}`;
}

/** The CSV of the Invoices tab: the same filter, tax year, search and sort as the table. */
export function invoiceExportHref(query: Readonly<Record<string, string | number | null | undefined>>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${INVOICE_EXPORT_PATH}${qs ? `?${qs}` : ''}`;
}

/**
 * The inbox's Invoices tab (admins): every invoice by filter (open, overdue, paid, draft, void, all), tax year
 * and search, paged and sorted on the server, with the totals of the whole filter per currency, and its CSV.
 */
export function InvoicesInbox() {
  const years = useTaxYears();
  const state = useListState<SortColumn, Filters>({
    key: 'invoices',
    pageSize: PAGE_SIZE,
    sort: { column: 'created', dir: 'desc' },
    filters: { filter: 'open', year: undefined },
  });
  const { filter, year } = state.filters;
  const list = useStaffInvoices({
    filter,
    ...(year ? { taxy: year } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    dataTablesParameters: state.dataTablesParameters,
  });
  const totals = list.data?.totals ?? [];
  return (
    <DataTable
      label="Invoices"
      caption={listCaption(list, 'Loading invoices…', ['invoice', 'invoices'])}
      empty="No invoices match."
      columns={columns}
      list={list}
      rowKey={(r) => r.id}
      error={list.error ?? years.error}
      state={state}
      minWidth={1100}
      search={{ placeholder: 'Number, client, e-mail or file number' }}
      exportHref={invoiceExportHref({ filter, taxy: year, ...state.exportQuery })}
      filters={
        <>
          <NativeSelect
            label="Show"
            value={filter}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isInvoiceFilter(next)) state.setFilter('filter', next);
            }}
            data={FILTER_ORDER.map((value) => ({ value, label: FILTER_LABELS[value] }))}
            w={140}
          />
          <TaxYearSelect
            years={years.data?.taxyears}
            value={year}
            onChange={(next) => state.setFilter('year', next)}
            allLabel="All years"
            w={130}
          />
        </>
      }
    >
      {list.data && (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Totals">
          {totals.length === 0 ? (
            <Text component="li" fw={600}>
              {totalsLine({ currency: 'USD', count: 0, total: 0, paid: 0, balance: 0 })}
            </Text>
          ) : (
            totals.map((row) => (
              <Text component="li" fw={600} key={row.currency}>
                {totalsLine(row)}
              </Text>
            ))
          )}
        </Stack>
      )}
    </DataTable>
  );
}
