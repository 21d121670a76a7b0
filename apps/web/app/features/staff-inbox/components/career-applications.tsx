import { Anchor } from '@mantine/core';
import { type CAREER_SORTS, inboxExportHref, inboxResumeHref, type InboxCareerRow } from '@taxfirm/contract';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { useListState } from '../../../lib/use-list-state.ts';
import { useCareerApplications } from '../api/get-career-applications.ts';
import { ROWS_PER_PAGE } from '../rows-per-page.ts';
import { senderColumns } from '../sender-columns.tsx';
import { listCaption, StatusBadge } from '../../../components/ui/list-cells.tsx';

type SortColumn = (typeof CAREER_SORTS)[number];

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Applications from the Careers page, each with its résumé to download. */
export function CareerApplications() {
  const state = useListState<SortColumn>({
    key: 'careers',
    pageSize: ROWS_PER_PAGE,
    sort: { column: 'received', dir: 'desc' },
  });
  const list = useCareerApplications({ sort: state.sort, dataTablesParameters: state.dataTablesParameters });

  const columns: Column<InboxCareerRow, SortColumn>[] = [
    ...senderColumns<InboxCareerRow>(),
    {
      label: 'Status',
      sort: 'status',
      render: (r) => <StatusBadge>{r.status}</StatusBadge>,
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
    <DataTable
      label="Career applications"
      caption={listCaption(list, 'Loading applications…', ['application', 'applications'])}
      empty="No applications match."
      columns={columns}
      list={list}
      rowKey={(r) => r.application_id}
      error={list.error}
      state={state}
      search={{ placeholder: 'Name, e-mail, phone, message or file' }}
      exportHref={inboxExportHref('career-applications', state.exportQuery)}
    />
  );
}
