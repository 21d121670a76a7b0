import { Anchor, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@taxfirm/contract';
import { useSearchParams } from 'react-router';
import { countOf, DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { formatDateTime, toDayFilter } from '../../../lib/dates.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useAuditActors } from '../api/get-audit-actors.ts';
import { ENTRIES_PER_PAGE, useAuditPage } from '../api/get-audit-page.ts';
import { ClientFileLink, DayRangeFilter } from '../../../components/ui/list-cells.tsx';

/** The staff member's id, and the days as the date inputs give them (YYYY-MM-DD); blank is no filter. */
type Filters = { actorId: string; from: string; to: string };

const COLUMNS: Column<AuditEntry>[] = [
  { label: 'When', render: (entry) => formatDateTime(entry.at), nowrap: true },
  {
    label: 'Who',
    render: (entry) => (entry.actor ? `${entry.actor.name} (${entry.actor.role})` : 'System or client'),
  },
  { label: 'Action', render: (entry) => <code>{entry.action}</code> },
  {
    label: 'Client',
    render: (entry) =>
      entry.client ? (
        <ClientFileLink clientId={entry.client.client_id}>
          {entry.client.name}
          {entry.client.file_number ? ` (${entry.client.file_number})` : ''}
        </ClientFileLink>
      ) : (
        '—'
      ),
  },
  { label: 'Detail', render: (entry) => entry.subject ?? '—' },
  { label: 'IP', render: (entry) => entry.ip ?? '—' },
  {
    label: 'Browser',
    render: (entry) => (
      <Text fz="xs" lineClamp={2} title={entry.user_agent ?? undefined}>
        {entry.user_agent ?? '—'}
      </Text>
    ),
  },
];

/**
 * The audit log for admins: who did what, to which client, from where, newest first; filtered by client
 * (from a client's page), staff member and days. Reading it is audited too.
 */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const clientId = params.get('client') ?? undefined;
  const actors = useAuditActors();
  // The server keeps the log newest first: no sort columns.
  const state = useListState<never, Filters>({
    key: 'audit',
    pageSize: ENTRIES_PER_PAGE,
    filters: { actorId: '', from: '', to: '' },
  });
  const { actorId, from, to } = state.filters;
  const log = useAuditPage({
    ...(clientId ? { client_id: clientId } : {}),
    ...(actorId ? { actor_id: actorId } : {}),
    ...(from ? { from: toDayFilter(from) } : {}),
    ...(to ? { to: toDayFilter(to) } : {}),
    dataTablesParameters: state.dataTablesParameters,
  });
  const first = log.data?.data.find((entry) => entry.client)?.client;

  return (
    <Stack gap="md">
      {clientId && (
        <Group gap="sm">
          <Text>
            Showing one client
            {first ? `: ${first.name}${first.file_number ? ` (${first.file_number})` : ''}` : ''}.
          </Text>
          <Anchor
            component="button"
            type="button"
            underline="always"
            onClick={() => {
              setParams({});
              state.resetPage();
            }}
          >
            Show every client
          </Anchor>
        </Group>
      )}
      <DataTable
        label="Audit log"
        loadingLabel="Loading the audit log"
        empty="No entries match."
        columns={COLUMNS}
        list={log}
        rowKey={(entry) => entry.id}
        error={log.error}
        state={state}
        search={{ description: 'Action, client, file number or staff e-mail' }}
        filters={
          <>
            <NativeSelect
              label="Staff member"
              value={actorId}
              onChange={(event) => state.setFilter('actorId', event.currentTarget.value)}
              data={[
                { value: '', label: 'Everyone' },
                ...(actors.data?.staff ?? []).map((member) => ({
                  value: member.user_id,
                  label: `${member.first_name} ${member.last_name}${member.active ? '' : ' (deactivated)'}`,
                })),
              ]}
            />
            <DayRangeFilter
              from={from}
              to={to}
              onFromChange={(day) => state.setFilter('from', day)}
              onToChange={(day) => state.setFilter('to', day)}
            />
          </>
        }
      >
        {log.data && (
          <Text fz="sm" c="gray.8" role="status">
            {log.data.approximate ? 'About ' : ''}
            {countOf(log.data.recordsFiltered, ['entry', 'entries'])}
          </Text>
        )}
      </DataTable>
    </Stack>
  );
}
