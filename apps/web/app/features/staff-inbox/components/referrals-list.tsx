import { Anchor, NativeSelect, Text } from '@mantine/core';
import { inboxExportHref, type InboxReferralRow } from '@taxfirm/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useReferrals } from '../api/get-referrals.ts';
import { InboxTable, useListState, type Column } from './inbox-table.tsx';

type SortColumn = 'received' | 'referrer' | 'friend' | 'client' | 'tax_year';

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
        <Anchor component={Link} to={paths.staff.client.getHref(r.client_id)} underline="always">
          {r.client_name}
          {r.client_file_number ? ` (${r.client_file_number})` : ''}
        </Anchor>
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
  const state = useListState<SortColumn>({ column: 'received', dir: 'desc' });
  const [year, setYear] = useState('');
  const list = useReferrals({
    ...(year ? { taxy: Number(year) } : {}),
    sort: state.sort,
    dataTablesParameters: state.dataTablesParameters,
  });

  return (
    <InboxTable
      label="Referrals"
      noun={['referral', 'referrals']}
      columns={columns}
      rows={list.data?.data ?? []}
      rowKey={(r) => r.referral_id}
      total={list.data?.recordsFiltered ?? 0}
      isPending={list.isPending}
      isFetching={list.isFetching}
      error={list.error ?? years.error}
      state={state}
      searchPlaceholder="Names, e-mails, phones, file number"
      exportHref={inboxExportHref('referrals', { taxy: year, ...state.exportQuery })}
      filters={
        <NativeSelect
          label="Tax year"
          value={year}
          onChange={(event) => {
            setYear(event.currentTarget.value);
            state.resetPage();
          }}
          data={[{ value: '', label: 'All years' }, ...(years.data?.taxyears ?? []).map(String)]}
          w={150}
        />
      }
    />
  );
}
