import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

export type SortState<Column extends string> = { column: Column; dir: 'asc' | 'desc' };

/**
 * The header row of a table sorted on the server: a sortable column is a button that toggles its order,
 * and the sorted column says so to assistive technology (aria-sort).
 */
export function SortableHeader<Column extends string>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly { label: string; sort?: Column | undefined }[];
  sort: SortState<Column>;
  onSort: (column: Column) => void;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const isSorted = column.sort !== undefined && sort.column === column.sort;
          const SortIcon = !isSorted
            ? IconArrowsSort
            : sort.dir === 'asc'
              ? IconSortAscending
              : IconSortDescending;
          return (
            <Table.Th
              key={column.label}
              scope="col"
              aria-sort={isSorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
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
