import { Anchor, Badge, NativeSelect, TextInput } from '@mantine/core';
import {
  inboxExportHref,
  MESSAGES,
  PAYMENT_STATUSES,
  type InboxPaymentRow,
  type PaymentStatus,
} from '@taxfirm/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { usePayments } from '../api/get-payments.ts';
import { InboxTable, useListState, type Column } from './inbox-table.tsx';

type SortColumn = 'created' | 'paid' | 'client' | 'file_number' | 'amount' | 'status';

const STATUS_COLORS: Record<PaymentStatus, string> = { created: 'gray', paid: 'green', failed: 'red' };

/** Cents as money in the payment's currency, e.g. $1,234.50. */
export function formatAmount(cents: number, currency: string): string {
  try {
    return (cents / 100).toLocaleString('en-US', { style: 'currency', currency });
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A date input's yyyy-mm-dd as the API's MM-DD-YYYY; blank stays blank. */
const toMmDdYyyy = (iso: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[2]}-${match[3]}-${match[1]}` : '';
};

const isPaymentStatus = (value: string): value is PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(value);

const columns: Column<InboxPaymentRow, SortColumn>[] = [
  { label: 'Created', sort: 'created', render: (r) => formatDateTime(r.created_at), nowrap: true },
  {
    label: 'Client',
    sort: 'client',
    render: (r) => (
      <Anchor component={Link} to={paths.staff.client.getHref(r.client_id)} underline="always">
        {r.client_name}
      </Anchor>
    ),
  },
  { label: 'File number', sort: 'file_number', render: (r) => r.file_number ?? '—', nowrap: true },
  { label: 'Tax year', render: (r) => r.tax_year },
  {
    label: 'Amount',
    sort: 'amount',
    render: (r) => formatAmount(r.amount_cents, r.currency),
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
  const state = useListState<SortColumn>({ column: 'created', dir: 'desc' });
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [year, setYear] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const from = toMmDdYyyy(fromDay);
  const to = toMmDdYyyy(toDay);
  const isRangeBackwards = Boolean(fromDay && toDay && fromDay > toDay);
  const filters = {
    ...(status ? { status } : {}),
    ...(year ? { taxy: Number(year) } : {}),
    ...(from ? { from } : {}),
    ...(to && !isRangeBackwards ? { to } : {}),
  };
  const list = usePayments({
    ...filters,
    sort: state.sort,
    dataTablesParameters: state.dataTablesParameters,
  });

  return (
    <InboxTable
      label="Payments"
      noun={['payment', 'payments']}
      columns={columns}
      rows={list.data?.data ?? []}
      rowKey={(r) => r.id}
      total={list.data?.recordsFiltered ?? 0}
      isPending={list.isPending}
      isFetching={list.isFetching}
      error={list.error ?? years.error}
      state={state}
      minWidth={1200}
      searchPlaceholder="Client, file number, order or payment id"
      exportHref={inboxExportHref('payments', { ...filters, ...state.exportQuery })}
      filters={
        <>
          <NativeSelect
            label="Status"
            value={status}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setStatus(isPaymentStatus(next) ? next : '');
              state.resetPage();
            }}
            data={[{ value: '', label: 'All statuses' }, ...PAYMENT_STATUSES]}
            w={150}
          />
          <NativeSelect
            label="Tax year"
            value={year}
            onChange={(event) => {
              setYear(event.currentTarget.value);
              state.resetPage();
            }}
            data={[{ value: '', label: 'All years' }, ...(years.data?.taxyears ?? []).map(String)]}
            w={130}
          />
          <TextInput
            type="date"
            label="From"
            value={fromDay}
            onChange={(event) => {
              setFromDay(event.currentTarget.value);
              state.resetPage();
            }}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={toDay}
            error={isRangeBackwards ? MESSAGES.DATE_RANGE_INVALID : undefined}
            onChange={(event) => {
              setToDay(event.currentTarget.value);
              state.resetPage();
            }}
            w={170}
          />
        </>
      }
    />
  );
}
