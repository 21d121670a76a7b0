import { Text } from '@mantine/core';
import { inboxExportHref, type InboxReferralRow, type REFERRAL_SORTS } from '@taxfirm/contract';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { TaxYearSelect } from '../../../components/ui/tax-year-select.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useReferrals } from '../api/get-referrals.ts';
import { ROWS_PER_PAGE } from '../rows-per-page.ts';
import { ClientFileLink, listCaption } from '../../../components/ui/list-cells.tsx';

type SortColumn = (typeof REFERRAL_SORTS)[number];

const columns: Column<InboxReferralRow, SortColumn>[] = [
  { label: 'Received', sort: 'received', render: (r) => formatDateTime(r.received_at), nowrap: true },
  { label: 'Tax year', sort: 'tax_year', render: (r) => r.tax_year },
  {
    label: 'Referred by',
    sort: 'referrer',
    render: (r) => `${r.referrer_name}\n${r.referrer_email}\n${r.referrer_phone}`,
  },
  {
    label: 'Friend',
    sort: 'friend',
    render: (r) => `${r.friend_name}\n${r.friend_email}\n${r.friend_phone}`,
  },
  { label: 'Comment', render: (r) => r.comment || '—' },
  {
    label: 'Referring client',
    sort: 'client',
    render: (r) =>
      r.client_id ? (
        <ClientFileLink clientId={r.client_id}>
          {r.client_name}
          {r.client_file_number ? ` (${r.client_file_number})` : ''}
        </ClientFileLink>
      ) : (
        <Text span fz="sm" c="gray.8">
          Visitor (public form)
        </Text>
      ),
  },
];

/** Every referral, from the public form and from clients' portals. */
export function ReferralsList() {
  const years = useTaxYears();
  const state = useListState<SortColumn, { year: number | undefined }>({
    key: 'referrals',
    pageSize: ROWS_PER_PAGE,
    sort: { column: 'received', dir: 'desc' },
    filters: { year: undefined },
  });
  const { year } = state.filters;
  const list = useReferrals({
    ...(year ? { taxy: year } : {}),
    sort: state.sort,
    dataTablesParameters: state.dataTablesParameters,
  });

  return (
    <DataTable
      label="Referrals"
      caption={listCaption(list, 'Loading referrals…', ['referral', 'referrals'])}
      empty="No referrals match."
      columns={columns}
      list={list}
      rowKey={(r) => r.referral_id}
      error={list.error ?? years.error}
      state={state}
      search={{ placeholder: 'Names, e-mails, phones, file number' }}
      exportHref={inboxExportHref('referrals', { taxy: year, ...state.exportQuery })}
      filters={
        <TaxYearSelect
          years={years.data?.taxyears}
          value={year}
          onChange={(next) => state.setFilter('year', next)}
          allLabel="All years"
          w={150}
        />
      }
    />
  );
}
