import { Anchor, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import type { StaffClient } from '@taxfirm/contract';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { StatusBadge } from '../../../components/ui/list-cells.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useClientFile } from '../api/get-client-file.ts';
import { AccountCard } from './account-card.tsx';
import { AnalystForm } from './analyst-form.tsx';
import { useClientFileSlot, type ClientFileSlot, type Viewer } from './client-file-slot.ts';
import { ConsentRecordSection } from './consent-record.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { FileHistory } from './file-history.tsx';
import { FileNumberForm } from './file-number-form.tsx';
import { NotesSection } from './notes-section.tsx';
import { PaymentsSection } from './payments-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { StatusForm } from './status-form.tsx';
import { SummariesSection } from './summaries-section.tsx';
import { TriageView } from './triage-view.tsx';
import { UsOnlyBadge } from './us-only-badge.tsx';

/** A section the route composes into the file page from another feature. */
export type ClientFileSection = (slot: ClientFileSlot) => ReactNode;

type Props = {
  clientId: string;
  viewer: Viewer;
  /** Shown under the status and analyst, in this order (messages, signatures, invoices…). */
  sections?: readonly ClientFileSection[];
  /** The checklist, shown above the documents. */
  checklist?: ClientFileSection;
};

/** The console's page for one client: the account, the file's status, number and analyst, and its history. */
export function ClientFile({ clientId, viewer, sections, checklist }: Props) {
  const file = useClientFile(clientId);
  if (file.isPending) return <Loader role="status" aria-label="Loading the client's file" />;
  if (file.error) {
    return (
      <Stack gap="sm" align="flex-start">
        <ApiErrorAlert error={file.error} />
        <Anchor component={Link} to={paths.staff.home.getHref()} underline="always">
          Back to the work queues
        </Anchor>
      </Stack>
    );
  }
  const { client, filing } = file.data;
  const header = (
    <>
      <Anchor component={Link} to={paths.staff.home.getHref()} underline="always" fz="sm">
        ← Work queues
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeader
          title={`${client.first_name} ${client.last_name}`}
          description={
            <>
              File number <strong>{client.file_number ?? 'not assigned'}</strong> · tax year {filing.tax_year}
            </>
          }
        />
        <Group gap="xs">
          <UsOnlyBadge state={file.data.consents.offshore_state} size="lg" />
          <StatusBadge size="lg">{filing.status}</StatusBadge>
        </Group>
      </Group>
    </>
  );
  // An unassigned file in To Be Assigned, for an analyst: the triage view, until they take it.
  if (file.data.access === 'triage') {
    return (
      <Stack gap="lg">
        {header}
        <TriageView client={client} filing={filing} viewerId={viewer.userId} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {header}
      <FullFile
        clientId={clientId}
        data={file.data}
        viewer={viewer}
        sections={sections}
        checklist={checklist}
      />
    </Stack>
  );
}

/** The file of a viewer who works it: every panel, and the sections the route composes in. */
function FullFile({ clientId, data, viewer, sections, checklist }: Props & { data: StaffClient }) {
  const { client, filing, history, notes, payments, referrals } = data;
  const clientName = `${client.first_name} ${client.last_name}`;
  const slot = useClientFileSlot({
    clientId,
    clientName,
    taxYear: filing.tax_year,
    role: viewer.role,
    fileStatus: filing.status,
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AccountCard clientId={clientId} client={client} filing={filing} viewer={viewer} />
        <FileNumberForm clientId={clientId} current={client.file_number} />
      </SimpleGrid>
      <ConsentRecordSection consents={data.consents} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StatusForm
          clientId={clientId}
          current={filing.status}
          clientName={clientName}
          taxYear={filing.tax_year}
        />
        <AnalystForm clientId={clientId} filing={filing} viewer={viewer} />
      </SimpleGrid>
      {sections?.map((section, index) => (
        <Fragment key={index}>{section(slot)}</Fragment>
      ))}
      <ProfileSection clientId={clientId} />
      {checklist?.(slot)}
      <DocumentsSection clientId={clientId} />
      <SummariesSection clientId={clientId} clientName={clientName} />
      <PaymentsSection payments={viewer.role === 'admin' ? payments : null} referrals={referrals} />
      <NotesSection clientId={clientId} notes={notes} />
      <FileHistory history={history} />
      {viewer.role === 'admin' && (
        <Anchor component={Link} to={paths.staff.audit.getHref(clientId)} underline="always" fz="sm">
          Audit log of this client
        </Anchor>
      )}
    </>
  );
}
