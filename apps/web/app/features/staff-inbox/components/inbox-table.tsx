import { Button, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { SortableHeader } from '../../../components/ui/sortable-header.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ROWS_PER_PAGE } from '../rows-per-page.ts';

export type Sort<S extends string> = { column: S; dir: 'asc' | 'desc' };

export type Column<R, S extends string> = {
  label: string;
  sort?: S;
  render: (row: R) => ReactNode;
  nowrap?: boolean;
};

/** A list's search, sort and page, kept in the browser and sent to the server (the DataTables shape). */
export function useListState<S extends string>(initial: Sort<S>) {
  const [search, setSearchText] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<Sort<S>>(initial);
  const [page, setPage] = useState(1);
  return {
    search,
    term,
    sort,
    page,
    setPage,
    resetPage: () => setPage(1),
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    toggleSort: (column: S) => {
      setSort((now) => ({ column, dir: now.column === column && now.dir === 'asc' ? 'desc' : 'asc' }));
      setPage(1);
    },
    dataTablesParameters: {
      draw: page,
      start: (page - 1) * ROWS_PER_PAGE,
      length: ROWS_PER_PAGE,
      ...(term ? { search: { value: term } } : {}),
    },
    /** The export's search and sort, as its query string takes them. */
    exportQuery: { search: term, sort: sort.column, dir: sort.dir },
  };
}

export type ListState<S extends string> = ReturnType<typeof useListState<S>>;

/**
 * One inbox list: its filters, a search box, a CSV download of everything the filters match, and a table
 * sorted and paged on the server.
 */
export function InboxTable<R, S extends string>({
  label,
  noun,
  columns,
  rows,
  rowKey,
  total,
  isPending,
  isFetching,
  error,
  state,
  filters,
  searchPlaceholder,
  exportHref,
  minWidth = 900,
}: {
  label: string;
  noun: [singular: string, plural: string];
  columns: Column<R, S>[];
  rows: R[];
  rowKey: (row: R) => string;
  total: number;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  state: ListState<S>;
  filters?: ReactNode;
  searchPlaceholder: string;
  exportHref: string;
  minWidth?: number;
}) {
  const { sort, page } = state;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap">
          {filters}
          <TextInput
            label="Search"
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={state.search}
            onChange={(event) => state.setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
          />
        </Group>
        <Button
          component="a"
          href={exportHref}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download CSV
        </Button>
      </Group>
      <ApiErrorAlert error={error} />
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ 'aria-label': label, tabIndex: 0 }}>
        <Table striped withTableBorder aria-busy={isFetching}>
          <Table.Caption>
            {isPending ? `Loading ${noun[1]}…` : `${total} ${total === 1 ? noun[0] : noun[1]}`}
          </Table.Caption>
          <SortableHeader columns={columns} sort={sort} onSort={state.toggleSort} />
          <Table.Tbody>
            {isPending ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Loader size="sm" aria-hidden />
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>No {noun[1]} match.</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td
                      key={column.label}
                      style={column.nowrap ? { whiteSpace: 'nowrap' } : { whiteSpace: 'pre-line' }}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > ROWS_PER_PAGE && (
        <Group justify="space-between">
          <Text fz="sm" c="gray.8">
            Showing {(page - 1) * ROWS_PER_PAGE + 1} to {Math.min(page * ROWS_PER_PAGE, total)} of {total}
          </Text>
          <Pagination
            total={Math.ceil(total / ROWS_PER_PAGE)}
            value={page}
            onChange={state.setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
