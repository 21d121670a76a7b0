import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table's header row: one column header (scope="col") per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} scope="col">
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A plain table that scrolls sideways below `minWidth`: its header row, then `children` as its body rows.
 * With `scrollLabel` the scrolling area is named and reachable by keyboard.
 */
export function SimpleTable({
  columns,
  minWidth,
  scrollLabel,
  children,
  ...props
}: {
  columns: readonly string[];
  minWidth: number;
  scrollLabel?: string;
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={
        scrollLabel === undefined ? undefined : { viewportProps: { 'aria-label': scrollLabel, tabIndex: 0 } }
      }
    >
      <Table {...props}>
        <TableHead columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
