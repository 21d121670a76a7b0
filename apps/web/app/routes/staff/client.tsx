import { Container } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { ClientFile } from '../../features/staff-clients/components/client-file.tsx';
import { ChecklistSection } from '../../features/staff-requests/components/checklist-section.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { ThreadSection } from '../../features/staff-messaging/components/thread-section.tsx';
import { InvoicesSection } from '../../features/staff-invoices/components/invoices-section.tsx';
import { SignaturesSection } from '../../features/staff-signatures/components/signatures-section.tsx';
import { DeliverablesSection } from '../../features/staff-deliverables/components/deliverables-section.tsx';

export function meta() {
  return [{ title: 'Client file · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffClientPage() {
  const { clientId = '' } = useParams();
  const staff = useStaffViewer().data;
  // The staff e-mails about a client's message link to `?tab=messages`: the page opens on the conversation.
  const [params] = useSearchParams();
  const openMessages = params.get('tab') === 'messages';
  const openSignatures = params.get('tab') === 'signatures';
  const openInvoices = params.get('tab') === 'invoices';
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <ClientFile
        key={clientId}
        clientId={clientId}
        viewer={{ userId: staff.user_id, role: staff.role }}
        checklist={(slot) => <ChecklistSection {...slot} />}
        sections={[
          (slot) => <DeliverablesSection {...slot} />,
          (slot) => <ThreadSection {...slot} focusOnOpen={openMessages} />,
          (slot) => <SignaturesSection {...slot} focusOnOpen={openSignatures} />,
          (slot) => <InvoicesSection {...slot} focusOnOpen={openInvoices} />,
        ]}
      />
    </Container>
  );
}
