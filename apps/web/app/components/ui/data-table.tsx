import { Checkbox, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListState } from '../../lib/use-list-state.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { DownloadButton } from './download-button.tsx';
import { SortableHeader } from './sortable-header.tsx';

/** One column of a DataTable: its header, the sort column it stands for (if sortable), and its cell. */
export type Column<R, S extends string = never> = {
  label: string;
  sort?: S;
  render: (row: R) => ReactNode;
  nowrap?: boolean;
  monospace?: boolean;
};

/** The part of a list's state the table reads and sets (see useListState). */
export type TableState<S extends string> = Pick<
  ListState<S>,
  'search' | 'setSearch' | 'sort' | 'toggleSort' | 'page' | 'setPage' | 'pageSize'
>;

/**
 * Rows the reader may select (a DataTable's `selection`): the selected rows' keys, kept by the caller across
 * pages, what to do when they change, and the words that name a row for its checkbox ("Select Meera Nair").
 */
export type RowSelection<R> = {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  rowLabel: (row: R) => string;
};

/** The "Select all on this page" box: checked when every row on the page is, mixed when some are. */
function SelectPage({
  keys,
  selection,
}: {
  keys: readonly string[];
  selection: Omit<RowSelection<unknown>, 'rowLabel'>;
}) {
  const count = keys.filter((key) => selection.selected.has(key)).length;
  const all = keys.length > 0 && count === keys.length;
  return (
    <Checkbox
      aria-label="Select all on this page"
      checked={all}
      indeterminate={count > 0 && !all}
      disabled={keys.length === 0}
      onChange={() => {
        const next = new Set(selection.selected);
        for (const key of keys) {
          if (all) next.delete(key);
          else next.add(key);
        }
        selection.onChange(next);
      }}
    />
  );
}

/** A count as shown: "25", "1,234", or "1,000+" for a count that stopped at its bound (`more`: there are more). */
export const shownCount = (count: number, more = false) =>
  `${count.toLocaleString('en-US')}${more ? '+' : ''}`;

/** A count with its noun: "1 entry", "2 entries", "1,000+ entries" (`more`). */
export const countOf = (count: number, [singular, plural]: readonly [string, string], more = false) =>
  `${shownCount(count, more)} ${count === 1 && !more ? singular : plural}`;

/**
 * A list paged, sorted and searched on the server: its filters and search box, a CSV download (or other
 * actions), and a table with a sortable header, an empty state and numbered pages. The list's query and
 * state come from the caller (useListState); the table only shows them.
 */
export function DataTable<R, S extends string = never>({
  label,
  caption,
  columns,
  list,
  rowKey,
  state,
  error,
  empty,
  loadingLabel,
  filters,
  search,
  exportHref,
  actions,
  children,
  selection,
  minWidth = 900,
}: {
  /** Names the scrollable region that holds the table, and the table itself when it has no caption. */
  label?: string;
  /** What is loading, or how many rows match. */
  caption?: ReactNode;
  columns: readonly Column<R, S>[];
  /** The list's query: one page of rows in the DataTables shape. */
  list: {
    /** `more`: the count stopped at its bound (ADR 034), shown as "1,000+". */
    data?: { data: readonly R[]; recordsFiltered: number; more?: boolean } | undefined;
    isPending: boolean;
    isFetching: boolean;
  };
  rowKey: (row: R) => string;
  state: TableState<S>;
  error: unknown;
  /** The one row shown when nothing matches. */
  empty: ReactNode;
  /** Names the loading indicator (otherwise hidden from assistive technology, for the caption says it). */
  loadingLabel?: string;
  /** Filter fields, before the search box. */
  filters?: ReactNode;
  /** A search box, with its hint as a placeholder or a description. */
  search?: { placeholder?: string; description?: string; width?: number };
  /** Where the list's CSV downloads, with the same filters, search and sort. */
  exportHref?: string;
  /** Links or buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** Shown between the error and the table. */
  children?: ReactNode;
  /** Makes the rows selectable: a checkbox per row, one for the page, and the selected count announced. */
  selection?: RowSelection<R>;
  minWidth?: number;
}) {
  const { page, pageSize } = state;
  const rows = list.data?.data ?? [];
  const total = list.data?.recordsFiltered ?? 0;
  const hasToolbar = Boolean(filters || search || exportHref || actions);
  const width = columns.length + (selection ? 1 : 0);
  const toggleRow = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  return (
    <Stack gap="md">
      {hasToolbar && (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group align="flex-end" wrap="wrap">
            {filters}
            {search && (
              <TextInput
                label="Search"
                placeholder={search.placeholder}
                description={search.description}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={state.search}
                onChange={(event) => state.setSearch(event.currentTarget.value)}
                w={{ base: '100%', sm: search.width ?? 300 }}
              />
            )}
          </Group>
          {(actions || exportHref) && (
            <Group align="flex-end" wrap="wrap">
              {actions}
              {exportHref && <DownloadButton href={exportHref} />}
            </Group>
          )}
        </Group>
      )}
      <ApiErrorAlert error={error} />
      {children}
      {selection && (
        <Text fz="sm" c="gray.8" role="status">
          {countOf(selection.selected.size, ['row selected', 'rows selected'])}
        </Text>
      )}
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={label ? { viewportProps: { 'aria-label': label, tabIndex: 0 } } : undefined}
      >
        <Table
          striped
          withTableBorder
          aria-busy={list.isFetching}
          aria-label={caption === undefined ? label : undefined}
        >
          {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
          <SortableHeader
            columns={columns}
            sort={state.sort}
            onSort={state.toggleSort}
            leading={selection && <SelectPage keys={rows.map(rowKey)} selection={selection} />}
          />
          <Table.Tbody>
            {list.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={width}>
                  {loadingLabel ? (
                    <Loader size="sm" role="status" aria-label={loadingLabel} />
                  ) : (
                    <Loader size="sm" aria-hidden />
                  )}
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={width}>{empty}</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {selection && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${selection.rowLabel(row)}`}
                        checked={selection.selected.has(rowKey(row))}
                        onChange={() => toggleRow(rowKey(row))}
                      />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.label}
                      ff={column.monospace ? 'monospace' : undefined}
                      style={{ whiteSpace: column.nowrap ? 'nowrap' : 'pre-line' }}
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
      {total > pageSize && (
        <Group justify="space-between">
          <Text fz="sm" c="gray.8">
            Showing {shownCount((page - 1) * pageSize + 1)} to {shownCount(Math.min(page * pageSize, total))}{' '}
            of {shownCount(total, list.data?.more)}
          </Text>
          <Pagination
            total={Math.ceil(total / pageSize)}
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
