import { Anchor } from '@mantine/core';
import type { ReferralRow } from '@taxfirm/contract';
import { Link } from 'react-router';
import { countOf, DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { TaxYearSelect } from '../../../components/ui/tax-year-select.tsx';
import { paths } from '../../../config/paths.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { REFERRALS_PER_PAGE, useReferralPage } from '../api/get-referral-page.ts';

const COLUMNS: Column<ReferralRow>[] = [
  { label: 'Name', render: (row) => row.rf_on_name },
  { label: 'Email', render: (row) => row.rf_on_email },
  { label: 'Your friend name', render: (row) => row.rf_name },
  { label: 'Your friend email', render: (row) => row.rf_email },
  { label: 'Your friend phone number', render: (row) => row.rf_phone },
  { label: 'Comment', render: (row) => row.rf_comment },
];

/**
 * user/refferrals: the client's own referrals for a tax year, ten to a page with numbered pages (the
 * server pages them), and the link to add one.
 */
export function ReferralList() {
  const years = useTaxYears();
  // No year chosen is the current one (the firm's first); the server neither sorts nor searches this list.
  const state = useListState<never, { year: number | undefined }>({
    key: 'referrals',
    pageSize: REFERRALS_PER_PAGE,
    filters: { year: undefined },
  });
  const year = state.filters.year ?? years.data?.taxyears[0];
  const list = useReferralPage(year, state.page);

  return (
    <DataTable
      caption={
        list.isPending
          ? 'Loading your referrals…'
          : `${countOf(list.data?.recordsFiltered ?? 0, ['referral', 'referrals'])} for ${year ?? ''}`
      }
      empty="No data!"
      columns={COLUMNS}
      list={list}
      rowKey={(row) => `${row.created_at}-${row.rf_email}`}
      error={years.error ?? list.error}
      state={state}
      minWidth={760}
      filters={
        <TaxYearSelect
          years={years.data?.taxyears}
          value={year}
          onChange={(next) => state.setFilter('year', next)}
        />
      }
      actions={
        <Anchor component={Link} to={paths.user.saveReferral.getHref()} underline="always" fw={600}>
          + Add Refferals
        </Anchor>
      }
    />
  );
}
