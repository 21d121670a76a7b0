import { Container } from '@mantine/core';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { CLIENT_FILE_TABS, paths, type ClientFileTab } from '../../config/paths.ts';
import { ClientFile } from '../../features/staff-clients/components/client-file.tsx';
import { ChecklistSection } from '../../features/staff-requests/components/checklist-section.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { ThreadSection } from '../../features/staff-messaging/components/thread-section.tsx';
import { InvoicesSection } from '../../features/staff-invoices/components/invoices-section.tsx';
import { SignaturesSection } from '../../features/staff-signatures/components/signatures-section.tsx';
import { DeliverablesSection } from '../../features/staff-deliverables/components/deliverables-section.tsx';
import { OrganizerSection } from '../../features/staff-organizer/components/organizer-section.tsx';
import { HouseholdSection } from '../../features/staff-household/components/household-section.tsx';

export function meta() {
  return [{ title: 'Client file · Staff console' }, { name: 'robots', content: 'noindex' }];
}

const isClientFileTab = (value: string | undefined): value is ClientFileTab =>
  (CLIENT_FILE_TABS as readonly (string | undefined)[]).includes(value);

/** The tabs older links named in `?tab=` (staff e-mails, bookmarks), on the tab that holds them now. */
const LEGACY_TABS: Record<string, ClientFileTab> = {
  messages: 'messages',
  signatures: 'signatures',
  invoices: 'billing',
};

export default function StaffClientPage() {
  const { clientId = '', tab } = useParams();
  const staff = useStaffViewer().data;
  const [params] = useSearchParams();
  const focusId = params.get('focus') ?? undefined;
  const legacy = params.get('tab');
  // An old link (`?tab=invoices`) or an unknown tab: the file's URL for it (the Overview when unknown).
  if (legacy !== null || (tab !== undefined && !isClientFileTab(tab))) {
    const to = legacy !== null ? LEGACY_TABS[legacy] : undefined;
    return <Navigate replace to={paths.staff.client.getHref(clientId, to, focusId)} />;
  }
  const current = tab ?? 'overview';
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <ClientFile
        key={clientId}
        clientId={clientId}
        viewer={{ userId: staff.user_id, role: staff.role }}
        tab={current}
        focusId={focusId}
        panels={{
          overview: [(slot) => <DeliverablesSection {...slot} />, (slot) => <HouseholdSection {...slot} />],
          checklist: [(slot) => <ChecklistSection {...slot} />],
          organizer: [(slot) => <OrganizerSection {...slot} />],
          messages: [(slot) => <ThreadSection {...slot} focusOnOpen={current === 'messages'} />],
          signatures: [(slot) => <SignaturesSection {...slot} focusOnOpen={current === 'signatures'} />],
          billing: [(slot) => <InvoicesSection {...slot} focusOnOpen={current === 'billing'} />],
        }}
      />
    </Container>
  );
}
