import { Anchor, Badge, Checkbox, Group, NativeSelect, Text } from '@mantine/core';
import {
  THREAD_STATUSES,
  THREAD_STATUS_LABELS,
  type InboxThread,
  type ThreadStatus,
} from '@taxfirm/contract';
import { Link } from 'react-router';
import { countOf, DataTable, shownCount, type Column } from '../../../components/ui/data-table.tsx';
import { StatusBadge } from '../../../components/ui/list-cells.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useInbox, type InboxBody } from '../api/get-inbox.ts';

/** Until the first answer says the server's page size. */
const DEFAULT_PAGE_SIZE = 25;

/** '' is everyone's; 'unassigned' or an analyst's user id narrows it. */
type Filters = { analyst: string; status: ThreadStatus | ''; unreadOnly: boolean };

const COLUMNS: Column<InboxThread>[] = [
  {
    label: 'Client',
    render: (t) => (
      <Group gap="xs" wrap="wrap">
        <Anchor
          component={Link}
          to={paths.staff.client.getHref(t.client_id, 'messages')}
          underline="always"
          fw={t.unread > 0 ? 700 : 400}
        >
          {t.name}
        </Anchor>
        {t.unread > 0 && (
          <Badge variant="filled" color="navy">
            {t.unread} unread
          </Badge>
        )}
      </Group>
    ),
  },
  { label: 'File number', render: (t) => t.file_number ?? '—', monospace: true, nowrap: true },
  { label: 'Analyst', render: (t) => t.analyst?.name ?? 'Not assigned' },
  {
    label: 'Status',
    render: (t) => <StatusBadge>{THREAD_STATUS_LABELS[t.status]}</StatusBadge>,
    nowrap: true,
  },
  {
    label: 'Last message',
    render: (t) => (
      <>
        <Text span fz="sm" fw={t.unread > 0 ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(t.last_message_at)}
        </Text>
        <Text fz="xs" c="gray.8">
          {t.last_from === 'client' ? 'from the client' : 'from the firm'}
        </Text>
      </>
    ),
  },
];

/** The inbox's call for the list's state: only the filters that narrow it (none: the badge's own page). */
export function inboxBody(filters: Filters, term: string, page: number): InboxBody {
  return {
    page,
    ...(filters.analyst ? { analyst: filters.analyst } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.unreadOnly ? { unread_only: true } : {}),
    ...(term ? { q: term } : {}),
  };
}

/**
 * The staff's conversations with clients, unread first: filtered by analyst, status and unread, searched by
 * name, e-mail, phone or file number, paged on the server. A client's name opens the thread on their file.
 */
export function MessagesInbox() {
  const state = useListState<never, Filters>({
    key: 'messages',
    pageSize: DEFAULT_PAGE_SIZE,
    filters: { analyst: '', status: '', unreadOnly: false },
  });
  const inbox = useInbox(inboxBody(state.filters, state.term, state.page));
  const data = inbox.data;
  const list = {
    data: data ? { data: data.threads, recordsFiltered: data.total, more: data.total_more } : undefined,
    isPending: inbox.isPending,
    isFetching: inbox.isFetching,
  };
  return (
    <DataTable
      label="Conversations"
      caption={
        data === undefined
          ? 'Loading conversations…'
          : `${countOf(data.total, ['conversation', 'conversations'], data.total_more)}; ${shownCount(data.unread_threads, data.unread_more)} with unread messages in all`
      }
      empty="No conversations match."
      columns={COLUMNS}
      list={list}
      rowKey={(t) => t.client_id}
      error={inbox.error}
      state={{ ...state, pageSize: data?.page_size ?? DEFAULT_PAGE_SIZE }}
      search={{ placeholder: 'Name, e-mail, phone or file number', width: 320 }}
      minWidth={760}
      filters={
        <>
          <NativeSelect
            label="Analyst"
            value={state.filters.analyst}
            onChange={(event) => state.setFilter('analyst', event.currentTarget.value)}
            data={[
              { value: '', label: 'Everyone' },
              { value: 'unassigned', label: 'Unassigned' },
              ...(data?.analysts ?? []).map((a) => ({ value: a.user_id, label: a.name })),
            ]}
          />
          <NativeSelect
            label="Status"
            value={state.filters.status}
            onChange={(event) => {
              const value = event.currentTarget.value;
              state.setFilter('status', isThreadStatus(value) ? value : '');
            }}
            data={[
              { value: '', label: 'Any status' },
              ...THREAD_STATUSES.map((s) => ({ value: s, label: THREAD_STATUS_LABELS[s] })),
            ]}
          />
          <Checkbox
            label="Unread only"
            checked={state.filters.unreadOnly}
            onChange={(event) => state.setFilter('unreadOnly', event.currentTarget.checked)}
            mb={8}
          />
        </>
      }
    />
  );
}

const isThreadStatus = (value: string): value is ThreadStatus =>
  (THREAD_STATUSES as readonly string[]).includes(value);
