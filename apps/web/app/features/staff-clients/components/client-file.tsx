import { Anchor, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import type { StaffClient } from '@taxfirm/contract';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { StatusBadge } from '../../../components/ui/list-cells.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths, type ClientFileTab } from '../../../config/paths.ts';
import { useClientFile } from '../api/get-client-file.ts';
import { AccountCard } from './account-card.tsx';
import { AnalystForm } from './analyst-form.tsx';
import { AtAGlance } from './at-a-glance.tsx';
import { useClientFileSlot, type ClientFileSlot, type Viewer } from './client-file-slot.ts';
import { ClientFileTabs } from './client-file-tabs.tsx';
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

/**
 * The sections the route composes into each tab, in order (features do not import each other): the
 * deliverables on the Overview, the checklist, the messages, the signatures, the invoices on Billing…
 */
export type ClientFilePanels = Partial<Record<ClientFileTab, readonly ClientFileSection[]>>;

type Props = {
  clientId: string;
  viewer: Viewer;
  /** The tab shown (from the URL); the Overview by default. */
  tab?: ClientFileTab;
  /** The row a link into the file names (`?focus=`), handed to the sections in their slot. */
  focusId?: string;
  panels?: ClientFilePanels;
};

/**
 * The console's page for one client: its header (name, file number, status), then its tabs, each with its
 * own URL: the Overview (status, analyst, deliverables, the file at a glance), the checklist, documents,
 * messages, signatures, billing, profile, history, notes and the account.
 */
export function ClientFile({ clientId, viewer, tab = 'overview', focusId, panels }: Props) {
  const file = useClientFile(clientId);
  if (file.isPending) return <Loader role="status" aria-label="Loading the client's file" />;
  if (file.error) {
    return (
      <Stack gap="sm" align="flex-start">
        <ApiErrorAlert error={file.error} />
        <Anchor component={Link} to={paths.staff.home.getHref()} underline="always">
          Back to My work
        </Anchor>
      </Stack>
    );
  }
  const { client, filing } = file.data;
  const header = (
    <>
      <Anchor component={Link} to={paths.staff.home.getHref()} underline="always" fz="sm">
        ← My work
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
      <ClientFileTabs clientId={clientId} current={tab} />
      <TabPanel
        clientId={clientId}
        data={file.data}
        viewer={viewer}
        tab={tab}
        focusId={focusId}
        panels={panels}
      />
    </Stack>
  );
}

/** One tab of the file of a viewer who works it: its own panels, and the sections the route composes in. */
function TabPanel({
  clientId,
  data,
  viewer,
  tab,
  focusId,
  panels,
}: Required<Pick<Props, 'clientId' | 'viewer' | 'tab'>> &
  Pick<Props, 'focusId' | 'panels'> & { data: StaffClient }) {
  const { client, filing, history, notes, payments, referrals } = data;
  const clientName = `${client.first_name} ${client.last_name}`;
  const slot = useClientFileSlot({
    clientId,
    clientName,
    taxYear: filing.tax_year,
    role: viewer.role,
    fileStatus: filing.status,
    focusId,
  });
  const composed = (panels?.[tab] ?? []).map((section, index) => (
    <Fragment key={index}>{section(slot)}</Fragment>
  ));
  const content = (): ReactNode => {
    switch (tab) {
      case 'overview':
        return (
          <>
            {data.signals && (
              <AtAGlance
                clientId={clientId}
                status={filing.status}
                signals={data.signals}
                isAssigned={filing.assigned_to !== null}
              />
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <StatusForm
                clientId={clientId}
                current={filing.status}
                clientName={clientName}
                taxYear={filing.tax_year}
              />
              <AnalystForm clientId={clientId} filing={filing} viewer={viewer} />
            </SimpleGrid>
            {composed}
          </>
        );
      case 'documents':
        return (
          <>
            {composed}
            <DocumentsSection clientId={clientId} />
            <SummariesSection clientId={clientId} clientName={clientName} />
          </>
        );
      case 'billing':
        return (
          <>
            {composed}
            <PaymentsSection payments={viewer.role === 'admin' ? payments : null} referrals={referrals} />
          </>
        );
      case 'profile':
        return (
          <>
            <ProfileSection clientId={clientId} />
            {composed}
          </>
        );
      case 'history':
        return (
          <>
            <FileHistory history={history} />
            {viewer.role === 'admin' && (
              <Anchor component={Link} to={paths.staff.audit.getHref(clientId)} underline="always" fz="sm">
                Audit log of this client
              </Anchor>
            )}
            {composed}
          </>
        );
      case 'notes':
        return (
          <>
            <NotesSection clientId={clientId} notes={notes} />
            {composed}
          </>
        );
      case 'account':
        return (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <AccountCard clientId={clientId} client={client} filing={filing} viewer={viewer} />
              <FileNumberForm clientId={clientId} current={client.file_number} />
            </SimpleGrid>
            <ConsentRecordSection consents={data.consents} />
            {composed}
          </>
        );
      // The checklist, messages and signatures are the route's sections only.
      default:
        return composed;
    }
  };
  return <Stack gap="lg">{content()}</Stack>;
}
