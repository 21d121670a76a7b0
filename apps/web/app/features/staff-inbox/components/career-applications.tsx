import { Anchor, Badge } from '@mantine/core';
import { inboxExportHref, inboxResumeHref, type InboxCareerRow } from '@taxfirm/contract';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCareerApplications } from '../api/get-career-applications.ts';
import { InboxTable, useListState, type Column } from './inbox-table.tsx';

type SortColumn = 'received' | 'name' | 'email' | 'status';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Applications from the Careers page, each with its résumé to download. */
export function CareerApplications() {
  const state = useListState<SortColumn>({ column: 'received', dir: 'desc' });
  const list = useCareerApplications({ sort: state.sort, dataTablesParameters: state.dataTablesParameters });

  const columns: Column<InboxCareerRow, SortColumn>[] = [
    { label: 'Received', sort: 'received', render: (r) => formatDateTime(r.received_at), nowrap: true },
    { label: 'Name', sort: 'name', render: (r) => r.name },
    { label: 'E-mail', sort: 'email', render: (r) => r.email },
    { label: 'Phone', render: (r) => r.phone, nowrap: true },
    { label: 'Message', render: (r) => r.message },
    {
      label: 'Status',
      sort: 'status',
      render: (r) => (
        <Badge variant="light" color="navy" c="navy.9">
          {r.status}
        </Badge>
      ),
    },
    {
      label: 'Résumé',
      render: (r) =>
        r.resume_name ? (
          <Anchor
            href={inboxResumeHref(r.application_id)}
            download
            underline="always"
            aria-label={`Download the résumé of ${r.name}: ${r.resume_name}`}
          >
            {r.resume_name}
            {r.resume_size !== null ? ` (${kb(r.resume_size)})` : ''}
          </Anchor>
        ) : (
          'None'
        ),
    },
  ];

  return (
    <InboxTable
      label="Career applications"
      noun={['application', 'applications']}
      columns={columns}
      rows={list.data?.data ?? []}
      rowKey={(r) => r.application_id}
      total={list.data?.recordsFiltered ?? 0}
      isPending={list.isPending}
      isFetching={list.isFetching}
      error={list.error}
      state={state}
      searchPlaceholder="Name, e-mail, phone, message or file"
      exportHref={inboxExportHref('career-applications', state.exportQuery)}
    />
  );
}
