import { Table, Title } from '@mantine/core';
import type { StaffClient } from '@taxfirm/contract';
import { SimpleTable } from '../../../components/ui/table-head.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

/** The file's status changes, newest first. */
export function FileHistory({ history }: { history: StaffClient['history'] }) {
  return (
    <section aria-labelledby="history-heading">
      <Title order={2} id="history-heading" fz="lg" mb="sm">
        Status history
      </Title>
      <SimpleTable
        columns={['When', 'From', 'To', 'Comment', 'By']}
        minWidth={640}
        scrollLabel="Status history"
        striped
        withTableBorder
      >
        {[...history].reverse().map((entry) => (
          <Table.Tr key={`${entry.at}-${entry.to_status}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
            <Table.Td>{entry.from_status ?? '—'}</Table.Td>
            <Table.Td>{entry.to_status}</Table.Td>
            <Table.Td>{entry.comment ?? '—'}</Table.Td>
            <Table.Td>{entry.by ?? 'System'}</Table.Td>
          </Table.Tr>
        ))}
      </SimpleTable>
    </section>
  );
}
