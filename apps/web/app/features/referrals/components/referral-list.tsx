import { Anchor, Group, Loader, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { REFERRALS_PER_PAGE, useReferralPage } from '../api/get-referral-page.ts';

const COLUMNS = [
  'Name',
  'Email',
  'Your friend name',
  'Your friend email',
  'Your friend phone number',
  'Comment',
] as const;

/**
 * user/refferrals: the client's own referrals for a tax year, ten to a page with numbered pages (the
 * server pages them), and the link to add one.
 */
export function ReferralList() {
  const years = useTaxYears();
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const year = chosenYear ?? years.data?.taxyears[0];
  const [page, setPage] = useState(1);
  const list = useReferralPage(year, page);
  const total = list.data?.recordsFiltered ?? 0;
  const pages = Math.max(1, Math.ceil(total / REFERRALS_PER_PAGE));
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <NativeSelect
          label="Tax year"
          value={year ? String(year) : ''}
          onChange={(event) => {
            setChosenYear(Number(event.currentTarget.value));
            setPage(1);
          }}
          data={(years.data?.taxyears ?? []).map((y) => String(y))}
          w={160}
        />
        <Anchor component={Link} to={paths.user.saveReferral.getHref()} underline="always" fw={600}>
          + Add Refferals
        </Anchor>
      </Group>
      <ApiErrorAlert error={years.error ?? list.error} />
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder aria-busy={list.isFetching}>
          <Table.Caption>
            {list.isPending
              ? 'Loading your referrals…'
              : `${total} referral${total === 1 ? '' : 's'} for ${year ?? ''}`}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Loader size="sm" aria-hidden />
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>No data!</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={`${row.created_at}-${row.rf_email}`}>
                  <Table.Td>{row.rf_on_name}</Table.Td>
                  <Table.Td>{row.rf_on_email}</Table.Td>
                  <Table.Td>{row.rf_name}</Table.Td>
                  <Table.Td>{row.rf_email}</Table.Td>
                  <Table.Td>{row.rf_phone}</Table.Td>
                  <Table.Td>{row.rf_comment}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > REFERRALS_PER_PAGE && (
        <Group justify="space-between">
          <Text fz="sm" c="gray.8">
            Showing {(page - 1) * REFERRALS_PER_PAGE + 1} to {Math.min(page * REFERRALS_PER_PAGE, total)} of{' '}
            {total}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
