import { Box, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type DetailItem = { label: string; value: ReactNode };

/** What a missing value reads unless the list says otherwise. */
const NOT_GIVEN = (
  <Text span c="gray.7" fs="italic">
    Not given
  </Text>
);

const isMissing = (value: ReactNode) =>
  value === null || value === undefined || value === '' || value === false;

/**
 * A read-only list of labelled values. A missing value (null, undefined, '' or false, so `a && <b />` works)
 * reads `missing`.
 * - `layout="grid"` (the default): a `<dl>` in as many columns as fit (the client's profile).
 * - `layout="table"`: a two-column table, each label a row header (the console, receipts); `label` names it.
 */
export function DetailList({
  items,
  layout = 'grid',
  label,
  missing = NOT_GIVEN,
  labelWidth = 120,
}: {
  items: readonly DetailItem[];
  layout?: 'grid' | 'table';
  /** The table's accessible name (layout="table"). */
  label?: string;
  missing?: ReactNode;
  /** The label column's width in pixels (layout="table"). */
  labelWidth?: number;
}) {
  const shown = (value: ReactNode) => (isMissing(value) ? missing : value);
  if (layout === 'table') {
    return (
      <Table variant="vertical" layout="fixed" withTableBorder aria-label={label}>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.label}>
              <Table.Th scope="row" w={labelWidth}>
                {item.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(item.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
        gap: 'var(--mantine-spacing-md)',
      }}
    >
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" fz="sm" fw={600} c="gray.8">
            {item.label}
          </Text>
          <Text component="dd" m={0}>
            {shown(item.value)}
          </Text>
        </div>
      ))}
    </Box>
  );
}
