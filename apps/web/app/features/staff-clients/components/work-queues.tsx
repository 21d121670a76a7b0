import {
  Badge,
  Button,
  Checkbox,
  NativeSelect,
  Popover,
  SimpleGrid,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  DELIVERABLE_KINDS,
  DELIVERABLE_KIND_LABELS,
  QUEUE_DUE_WINDOWS,
  QUEUE_DUE_WINDOW_LABELS,
  type DeliverableKind,
  type FileStatus,
  type QueueDueWindow,
  type QueueWaiting,
  ORGANIZER_STATE_LABELS,
  ORGANIZER_STATES,
  type OrganizerState,
  type STAFF_CLIENT_SORTS,
  QUEUE_COLUMNS,
  type QueueColumn,
  type StaffClientRow,
  type StaffRole,
} from '@taxfirm/contract';
import { useState, type ReactNode } from 'react';
import { countOf, DataTable, shownCount, type Column } from '../../../components/ui/data-table.tsx';
import type { QueueSelection } from '../../../lib/queue-selection.ts';
import { TaxYearSelect } from '../../../components/ui/tax-year-select.tsx';
import { daysBetween, firmDayOf, formatDateTime, formatDay } from '../../../lib/dates.ts';
import { staffOptions, useStaffMembers } from '../../../lib/staff-members.ts';
import { useTaxYears } from '../../../lib/tax-years.ts';
import { useListState } from '../../../lib/use-list-state.ts';
import { useQueueCounts } from '../api/get-queue-counts.ts';
import { CLIENTS_PER_PAGE, useQueuePage } from '../api/get-queue-page.ts';
import { ClientFileLink, StatusBadge } from '../../../components/ui/list-cells.tsx';
import { QueueButton } from './queue-button.tsx';
import { UsOnlyBadge } from './us-only-badge.tsx';

type SortColumn = (typeof STAFF_CLIENT_SORTS)[number];
/**
 * No year chosen is the current year (the firm's first); no status is the All queue; the others narrow it
 * (owner: admins only).
 */
type Filters = {
  year: number | undefined;
  status: FileStatus | undefined;
  owner: string | undefined;
  kind: DeliverableKind | undefined;
  due: QueueDueWindow | undefined;
  waiting: QueueWaiting | undefined;
  unattended: number | undefined;
  organizer: OrganizerState | undefined;
  /** The columns shown, comma-separated; none: every column. */
  cols: string | undefined;
};

/** The columns an address names (unknown ones dropped), or undefined for every column. */
function columnsOf(cols: string | undefined): QueueColumn[] | undefined {
  const named = new Set(cols?.split(','));
  const shown = QUEUE_COLUMNS.filter((key) => named.has(key));
  return shown.length > 0 && shown.length < QUEUE_COLUMNS.length ? shown : undefined;
}

/** Days since an instant, in the firm's calendar as My work counts them ("0" today). */
const daysSince = (iso: string) => Math.max(0, daysBetween(firmDayOf(iso), firmDayOf(new Date())));

/** The queue's columns, each with the key a saved view names it by (the name is always shown). */
const COLUMNS: (Column<StaffClientRow, SortColumn> & { key: QueueColumn })[] = [
  {
    key: 'file_number',
    label: 'File number',
    sort: 'file_number',
    render: (r) => r.file_number ?? '—',
    monospace: true,
  },
  {
    key: 'name',
    label: 'Name',
    sort: 'name',
    render: (r) => (
      <>
        <ClientFileLink clientId={r.client_id}>{r.name}</ClientFileLink>{' '}
        <UsOnlyBadge state={r.offshore_state} size="sm" />
      </>
    ),
  },
  { key: 'email', label: 'Email', sort: 'email', render: (r) => r.email },
  { key: 'phone', label: 'Phone', render: (r) => r.phone, nowrap: true },
  {
    key: 'status',
    label: 'Status',
    sort: 'status',
    render: (r) => <StatusBadge>{r.status}</StatusBadge>,
  },
  {
    key: 'documents',
    label: 'Documents',
    render: (r) => <DocumentsCell documents={r.documents} />,
    nowrap: true,
  },
  {
    key: 'organizer',
    label: 'Organizer',
    render: (r) => ORGANIZER_STATE_LABELS[r.organizer],
    nowrap: true,
  },
  { key: 'analyst', label: 'Analyst', render: (r) => r.assigned_to ?? 'Not assigned' },
  {
    key: 'days_in_status',
    label: 'Days in status',
    sort: 'status_since',
    render: (r) => daysSince(r.status_since),
    nowrap: true,
  },
  {
    key: 'next_due',
    label: 'Next due',
    sort: 'next_due',
    render: (r) => (r.next_due ? formatDay(r.next_due) : '—'),
    nowrap: true,
  },
  {
    key: 'last_client_activity',
    label: 'Last client activity',
    sort: 'last_client_activity',
    render: (r) => (r.last_client_activity ? formatDateTime(r.last_client_activity) : 'None'),
  },
  { key: 'referred_by', label: 'Referred by', render: (r) => r.referred_by ?? '—' },
];

/**
 * The console's home: a tax year, its filings counted per status (and All), and the chosen queue's clients,
 * searched, sorted and paged on the server. With `bulk`, the rows can be selected (one by one, or every row
 * matching) and `bulk` renders what to do with them (the page composes the bulk actions, issue 36).
 */
export function WorkQueues({
  role,
  bulk,
}: {
  role: StaffRole;
  bulk?: (selection: QueueSelection) => ReactNode;
}) {
  const years = useTaxYears();
  const state = useListState<SortColumn, Filters>({
    key: 'queue',
    pageSize: CLIENTS_PER_PAGE,
    sort: { column: 'updated', dir: 'desc' },
    filters: {
      year: undefined,
      status: undefined,
      owner: undefined,
      kind: undefined,
      due: undefined,
      waiting: undefined,
      unattended: undefined,
      organizer: undefined,
      cols: undefined,
    },
  });
  const columns = columnsOf(state.filters.cols);
  const shown = columns ? COLUMNS.filter((c) => c.key === 'name' || columns.includes(c.key)) : COLUMNS;
  const year = state.filters.year ?? years.data?.taxyears[0];
  const { status, owner, kind, due, waiting, unattended, organizer } = state.filters;
  // The filters beside the status: the list's and the counts by status alike.
  const narrowing = {
    ...(owner && role === 'admin' ? { owner } : {}),
    ...(kind ? { deliverable_kind: kind } : {}),
    ...(due ? { due } : {}),
    ...(waiting ? { waiting } : {}),
    ...(unattended ? { unattended_days: unattended } : {}),
    ...(organizer ? { organizer } : {}),
  };
  const counts = useQueueCounts(year, narrowing);
  // The selection belongs to one filter: a new filter, year or search starts it again.
  const filter = {
    ...(status ? { status } : {}),
    ...narrowing,
    ...(state.term ? { search: state.term } : {}),
  };
  const filterKey = JSON.stringify({ year, filter });
  const [selection, setSelection] = useState<{ key: string; chosen: Set<string>; all: boolean }>({
    key: filterKey,
    chosen: new Set(),
    all: false,
  });
  const current =
    selection.key === filterKey ? selection : { key: filterKey, chosen: new Set<string>(), all: false };
  const list = useQueuePage(
    {
      ...(year ? { taxy: year } : {}),
      ...(status ? { status } : {}),
      ...narrowing,
      sort: state.sort,
      dataTablesParameters: state.dataTablesParameters,
    },
    year !== undefined,
  );

  return (
    <DataTable
      label="Clients"
      caption={
        // A new filter's first answer is still on its way (the last one is shown meanwhile): no count yet.
        list.isPending || list.isPlaceholderData
          ? 'Loading clients…'
          : `${countOf(list.data?.recordsFiltered ?? 0, ['client', 'clients'], list.data?.more)}: ${status ?? 'All'}, ${year ?? ''}`
      }
      empty="No clients in this queue."
      columns={shown}
      list={list}
      rowKey={(r) => r.client_id}
      error={years.error ?? counts.error ?? list.error}
      state={state}
      search={{ placeholder: 'Name, e-mail, file number or phone', width: 340 }}
      selection={
        bulk && {
          selected: current.chosen,
          onChange: (chosen) => setSelection({ key: filterKey, chosen, all: false }),
          rowLabel: (r) => r.name,
        }
      }
      filters={
        <>
          <TaxYearSelect
            years={years.data?.taxyears}
            value={year}
            onChange={(next) => state.setFilter('year', next)}
          />
          {role === 'admin' && (
            <OwnerSelect value={owner} onChange={(next) => state.setFilter('owner', next)} />
          )}
          <NativeSelect
            label="Deliverable"
            w={200}
            value={kind ?? ''}
            onChange={(event) =>
              state.setFilter('kind', (event.currentTarget.value || undefined) as DeliverableKind | undefined)
            }
            data={[
              { value: '', label: 'Any' },
              ...DELIVERABLE_KINDS.map((k) => ({ value: k, label: DELIVERABLE_KIND_LABELS[k] })),
            ]}
          />
          <NativeSelect
            label="Due"
            w={180}
            value={due ?? ''}
            onChange={(event) =>
              state.setFilter('due', (event.currentTarget.value || undefined) as QueueDueWindow | undefined)
            }
            data={[
              { value: '', label: 'Any time' },
              ...QUEUE_DUE_WINDOWS.map((w) => ({ value: w, label: QUEUE_DUE_WINDOW_LABELS[w] })),
            ]}
          />
          <NativeSelect
            label="Waiting on"
            w={160}
            value={waiting ?? ''}
            onChange={(event) =>
              state.setFilter('waiting', (event.currentTarget.value || undefined) as QueueWaiting | undefined)
            }
            data={[
              { value: '', label: 'Anyone' },
              { value: 'client', label: 'The client' },
              { value: 'us', label: 'Us' },
            ]}
          />
          <NativeSelect
            label="Organizer"
            w={160}
            value={organizer ?? ''}
            onChange={(event) =>
              state.setFilter(
                'organizer',
                (event.currentTarget.value || undefined) as OrganizerState | undefined,
              )
            }
            data={[
              { value: '', label: 'Any' },
              ...ORGANIZER_STATES.map((s) => ({ value: s, label: ORGANIZER_STATE_LABELS[s] })),
            ]}
          />
          <NativeSelect
            label="Unattended"
            description="No status change, message or checklist work for the client in"
            w={200}
            value={unattended ? String(unattended) : ''}
            onChange={(event) =>
              state.setFilter(
                'unattended',
                event.currentTarget.value ? Number(event.currentTarget.value) : undefined,
              )
            }
            data={[
              { value: '', label: 'Any' },
              { value: '7', label: '7 days or more' },
              { value: '14', label: '14 days or more' },
              { value: '30', label: '30 days or more' },
            ]}
          />
          <ColumnsChooser
            shown={columns ?? [...QUEUE_COLUMNS]}
            onChange={(next) => state.setFilter('cols', columnsOf(next.join(','))?.join(','))}
          />
        </>
      }
    >
      <section aria-label="Queues by file status">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
          <QueueButton
            label="All"
            count={counts.data && shownCount(counts.data.total, counts.data.total_more)}
            active={status === undefined}
            onClick={() => state.setFilter('status', undefined)}
          />
          {(counts.data?.counts ?? []).map((queue) => (
            <QueueButton
              key={queue.status}
              label={queue.status}
              count={shownCount(queue.count, queue.more)}
              active={status === queue.status}
              onClick={() => state.setFilter('status', queue.status)}
            />
          ))}
        </SimpleGrid>
      </section>
      {bulk?.({
        taxYear: year,
        chosen: [...current.chosen],
        allMatching: current.all,
        filter,
        sort: state.sort,
        columns,
        matching: list.isPlaceholderData ? 0 : (list.data?.recordsFiltered ?? 0),
        matchingMore: !list.isPlaceholderData && (list.data?.more ?? false),
        setAllMatching: (all) => setSelection({ key: filterKey, chosen: current.chosen, all }),
        clear: () => setSelection({ key: filterKey, chosen: new Set(), all: false }),
      })}
    </DataTable>
  );
}

/** Which columns the queue shows (the name always): a saved view keeps the choice. */
function ColumnsChooser({
  shown,
  onChange,
}: {
  shown: QueueColumn[];
  onChange: (next: QueueColumn[]) => void;
}) {
  return (
    <Popover position="bottom-start" shadow="md" withinPortal={false} trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" mb={1}>
          Columns ({shown.length} of {QUEUE_COLUMNS.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label="Columns shown"
          value={shown}
          onChange={(next) => onChange(QUEUE_COLUMNS.filter((key) => key === 'name' || next.includes(key)))}
        >
          <Stack gap={6} mt="xs">
            {COLUMNS.map((c) => (
              <Checkbox key={c.key} value={c.key} label={c.label} disabled={c.key === 'name'} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The checklist's progress in the queue: "Complete" (a word and an icon, not colour only), or required items
 * accepted of those that count ("6/8", read out in full), or a dash when the file has no checklist yet.
 */
export function DocumentsCell({ documents }: { documents: StaffClientRow['documents'] }) {
  if (documents.complete) {
    return (
      <Badge variant="light" color="green" c="dark.7" leftSection={<IconCircleCheck size={14} aria-hidden />}>
        Complete
      </Badge>
    );
  }
  if (documents.required === 0) {
    return (
      <>
        <span aria-hidden>—</span>
        <VisuallyHidden>No checklist items</VisuallyHidden>
      </>
    );
  }
  return (
    <>
      <span aria-hidden>
        {documents.accepted}/{documents.required}
      </span>
      <VisuallyHidden>
        {documents.accepted} of {documents.required} accepted
      </VisuallyHidden>
    </>
  );
}

function OwnerSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (owner: string | undefined) => void;
}) {
  const members = useStaffMembers();
  return (
    <NativeSelect
      label="Owner"
      w={220}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
      data={[...staffOptions(members.data, 'Anyone'), { value: 'unassigned', label: 'Unassigned' }]}
    />
  );
}
