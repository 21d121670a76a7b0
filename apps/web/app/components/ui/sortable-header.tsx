import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Sort } from '../../lib/use-list-state.ts';

/**
 * The header row of a table sorted on the server: a sortable column is a button that toggles its order,
 * and the sorted column says so to assistive technology (aria-sort). Without a sort, plain headers.
 * `leading`, if any, is a first header cell of its own (a table's "select all" box).
 */
export function SortableHeader<Column extends string>({
  columns,
  sort,
  onSort,
  leading,
}: {
  columns: readonly { label: string; sort?: Column | undefined }[];
  sort: Sort<Column> | undefined;
  onSort: (column: Column) => void;
  leading?: ReactNode;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {leading !== undefined && <Table.Th scope="col">{leading}</Table.Th>}
        {columns.map((column) => {
          const sortedDir = column.sort !== undefined && sort?.column === column.sort ? sort.dir : undefined;
          const SortIcon = !sortedDir
            ? IconArrowsSort
            : sortedDir === 'asc'
              ? IconSortAscending
              : IconSortDescending;
          return (
            <Table.Th
              key={column.label}
              scope="col"
              aria-sort={sortedDir ? (sortedDir === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {column.sort ? (
                <UnstyledButton onClick={() => column.sort && onSort(column.sort)} fw={700} fz="sm">
                  <Group gap={4} wrap="nowrap" component="span">
                    {column.label}
                    <SortIcon size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              ) : (
                column.label
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
