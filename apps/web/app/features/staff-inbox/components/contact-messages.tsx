import { Alert, NativeSelect } from '@mantine/core';
import {
  CONTACT_STATUSES,
  inboxExportHref,
  MESSAGES,
  type CONTACT_SORTS,
  type ContactStatus,
  type InboxContactRow,
} from '@taxfirm/contract';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { useListState } from '../../../lib/use-list-state.ts';
import { useChangeContactStatus } from '../api/change-contact-status.ts';
import { useContactMessages } from '../api/get-contact-messages.ts';
import { ROWS_PER_PAGE } from '../rows-per-page.ts';
import { senderColumns } from '../sender-columns.tsx';
import { listCaption } from '../../../components/ui/list-cells.tsx';
import { StatusFilter } from './status-filter.tsx';

type SortColumn = (typeof CONTACT_SORTS)[number];
type Filters = { status: ContactStatus | undefined };

const isContactStatus = (value: string): value is ContactStatus =>
  (CONTACT_STATUSES as readonly string[]).includes(value);

/** Messages from the Contact Us form, by status; staff set where they stand with each. */
export function ContactMessages() {
  const state = useListState<SortColumn, Filters>({
    key: 'contact',
    pageSize: ROWS_PER_PAGE,
    sort: { column: 'received', dir: 'desc' },
    filters: { status: undefined },
  });
  const { status } = state.filters;
  const list = useContactMessages({
    ...(status ? { status } : {}),
    sort: state.sort,
    dataTablesParameters: state.dataTablesParameters,
  });
  const change = useChangeContactStatus();

  const columns: Column<InboxContactRow, SortColumn>[] = [
    ...senderColumns<InboxContactRow>(),
    {
      label: 'Status',
      sort: 'status',
      render: (r) => (
        <NativeSelect
          aria-label={`Status of the message from ${r.name}`}
          value={r.status}
          data={[...CONTACT_STATUSES]}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isContactStatus(next)) change.mutate({ message_id: r.message_id, status: next });
          }}
          w={150}
        />
      ),
    },
  ];

  return (
    <>
      {change.isSuccess && (
        <Alert color="green" role="status" mb="md">
          {MESSAGES.CONTACT_STATUS_CHANGED}
        </Alert>
      )}
      <DataTable
        label="Contact messages"
        caption={listCaption(list, 'Loading messages…', ['message', 'messages'])}
        empty="No messages match."
        columns={columns}
        list={list}
        rowKey={(r) => r.message_id}
        error={list.error ?? change.error}
        state={state}
        search={{ placeholder: 'Name, e-mail, phone or message' }}
        exportHref={inboxExportHref('contact-messages', { status, ...state.exportQuery })}
        filters={
          <StatusFilter
            statuses={CONTACT_STATUSES}
            value={status}
            onChange={(next) => state.setFilter('status', next)}
            w={170}
          />
        }
      />
    </>
  );
}
