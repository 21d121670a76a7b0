import {
  Anchor,
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
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAuditActors } from '../api/get-audit-actors.ts';
import { ENTRIES_PER_PAGE, useAuditPage } from '../api/get-audit-page.ts';

/**
 * The audit log for admins: who did what, to which client, from where, newest first; filtered by client
 * (from a client's page), staff member and days. Reading it is audited too.
 */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const clientId = params.get('client') ?? undefined;
  const actors = useAuditActors();
  const [actorId, setActorId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const log = useAuditPage({
    ...(clientId ? { client_id: clientId } : {}),
    ...(actorId ? { actor_id: actorId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    dataTablesParameters: {
      draw: page,
      start: (page - 1) * ENTRIES_PER_PAGE,
      length: ENTRIES_PER_PAGE,
      search: { value: term },
    },
  });
  const filtered = log.data?.recordsFiltered ?? 0;
  const first = log.data?.data.find((entry) => entry.client)?.client;
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

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
              setPage(1);
            }}
          >
            Show every client
          </Anchor>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <NativeSelect
          label="Staff member"
          value={actorId}
          onChange={(event) => reset(setActorId)(event.currentTarget.value)}
          data={[
            { value: '', label: 'Everyone' },
            ...(actors.data?.staff ?? []).map((member) => ({
              value: member.user_id,
              label: `${member.first_name} ${member.last_name}${member.active ? '' : ' (deactivated)'}`,
            })),
          ]}
        />
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(event) => reset(setFrom)(event.currentTarget.value)}
        />
        <TextInput
          label="To"
          type="date"
          value={to}
          onChange={(event) => reset(setTo)(event.currentTarget.value)}
        />
        <TextInput
          label="Search"
          description="Action, client, file number or staff e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => reset(setSearch)(event.currentTarget.value)}
        />
      </SimpleGrid>
      <ApiErrorAlert error={log.error} />
      {log.isPending && <Loader aria-label="Loading the audit log" />}
      {log.data && (
        <>
          <Text fz="sm" c="gray.8" role="status">
            {filtered === 1 ? '1 entry' : `${filtered} entries`}
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">Client</Table.Th>
                  <Table.Th scope="col">Detail</Table.Th>
                  <Table.Th scope="col">IP</Table.Th>
                  <Table.Th scope="col">Browser</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                    <Table.Td>
                      {entry.actor ? `${entry.actor.name} (${entry.actor.role})` : 'System or client'}
                    </Table.Td>
                    <Table.Td>
                      <code>{entry.action}</code>
                    </Table.Td>
                    <Table.Td>
                      {entry.client ? (
                        <Anchor
                          component={Link}
                          to={paths.staff.client.getHref(entry.client.client_id)}
                          underline="always"
                        >
                          {entry.client.name}
                          {entry.client.file_number ? ` (${entry.client.file_number})` : ''}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{entry.subject ?? '—'}</Table.Td>
                    <Table.Td>{entry.ip ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text fz="xs" lineClamp={2} title={entry.user_agent ?? undefined}>
                        {entry.user_agent ?? '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {filtered > ENTRIES_PER_PAGE && (
            <Pagination
              total={Math.ceil(filtered / ENTRIES_PER_PAGE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
