import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FileStatus } from '@taxfirm/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { SortableHeader } from '../../../components/ui/sortable-header.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useQueueCounts } from '../api/get-queue-counts.ts';
import { CLIENTS_PER_PAGE, useQueuePage } from '../api/get-queue-page.ts';

type SortColumn = 'file_number' | 'name' | 'email' | 'status' | 'updated';
type Sort = { column: SortColumn; dir: 'asc' | 'desc' };

const COLUMNS: { label: string; sort?: SortColumn }[] = [
  { label: 'File number', sort: 'file_number' },
  { label: 'Name', sort: 'name' },
  { label: 'Email', sort: 'email' },
  { label: 'Phone' },
  { label: 'Status', sort: 'status' },
  { label: 'Analyst' },
  { label: 'Referred by' },
];

/**
 * The console's home: a tax year, its filings counted per status (and All), and the chosen queue's clients,
 * searched, sorted and paged on the server.
 */
export function WorkQueues() {
  const years = useTaxYears();
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const year = chosenYear ?? years.data?.taxyears[0];
  const [status, setStatus] = useState<FileStatus | null>(null);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<Sort>({ column: 'updated', dir: 'desc' });
  const [page, setPage] = useState(1);
  const counts = useQueueCounts(year);
  const list = useQueuePage(
    {
      ...(year ? { taxy: year } : {}),
      ...(status ? { status } : {}),
      sort,
      dataTablesParameters: {
        draw: page,
        start: (page - 1) * CLIENTS_PER_PAGE,
        length: CLIENTS_PER_PAGE,
        ...(term ? { search: { value: term } } : {}),
      },
    },
    year !== undefined,
  );
  const total = list.data?.recordsFiltered ?? 0;
  const rows = list.data?.data ?? [];
  const reset = () => setPage(1);
  const toggleSort = (column: SortColumn) => {
    setSort((now) => ({ column, dir: now.column === column && now.dir === 'asc' ? 'desc' : 'asc' }));
    reset();
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Tax year"
          value={year ? String(year) : ''}
          onChange={(event) => {
            setChosenYear(Number(event.currentTarget.value));
            reset();
          }}
          data={(years.data?.taxyears ?? []).map((y) => String(y))}
          w={160}
        />
        <TextInput
          label="Search"
          placeholder="Name, e-mail, file number or phone"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            reset();
          }}
          w={{ base: '100%', sm: 340 }}
        />
      </Group>
      <ApiErrorAlert error={years.error ?? counts.error ?? list.error} />
      <section aria-label="Queues by file status">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
          <QueueButton
            label="All"
            count={counts.data?.total}
            active={status === null}
            onClick={() => {
              setStatus(null);
              reset();
            }}
          />
          {(counts.data?.counts ?? []).map((queue) => (
            <QueueButton
              key={queue.status}
              label={queue.status}
              count={queue.count}
              active={status === queue.status}
              onClick={() => {
                setStatus(queue.status);
                reset();
              }}
            />
          ))}
        </SimpleGrid>
      </section>
      <Table.ScrollContainer minWidth={900} scrollAreaProps={{ 'aria-label': 'Clients', tabIndex: 0 }}>
        <Table striped withTableBorder aria-busy={list.isFetching}>
          <Table.Caption>
            {list.isPending
              ? 'Loading clients…'
              : `${total} client${total === 1 ? '' : 's'}: ${status ?? 'All'}, ${year ?? ''}`}
          </Table.Caption>
          <SortableHeader columns={COLUMNS} sort={sort} onSort={toggleSort} />
          <Table.Tbody>
            {list.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Loader size="sm" aria-hidden />
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>No clients in this queue.</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.client_id}>
                  <Table.Td ff="monospace">{row.file_number ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.staff.client.getHref(row.client_id)}
                      underline="always"
                    >
                      {row.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.phone}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="navy" c="navy.9">
                      {row.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.assigned_to ?? 'Not assigned'}</Table.Td>
                  <Table.Td>{row.referred_by ?? '—'}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > CLIENTS_PER_PAGE && (
        <Group justify="space-between">
          <Text fz="sm" c="gray.8">
            Showing {(page - 1) * CLIENTS_PER_PAGE + 1} to {Math.min(page * CLIENTS_PER_PAGE, total)} of{' '}
            {total}
          </Text>
          <Pagination
            total={Math.ceil(total / CLIENTS_PER_PAGE)}
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

function QueueButton({
  label,
  count,
  active,
  onClick,
}: {
  label: string;
  count: number | undefined;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant={active ? 'filled' : 'default'}
      color="navy"
      onClick={onClick}
      aria-pressed={active}
      justify="space-between"
      fullWidth
      h="auto"
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left', width: '100%' } }}
      rightSection={
        <Text span fw={700} fz="sm">
          {count ?? '…'}
        </Text>
      }
    >
      <Text span fz="xs" fw={600}>
        {label}
      </Text>
    </Button>
  );
}
