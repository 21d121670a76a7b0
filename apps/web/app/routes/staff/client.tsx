import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { ClientFile } from '../../features/staff-clients/components/client-file.tsx';
import { ChecklistSection } from '../../features/staff-requests/components/checklist-section.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Client file · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffClientPage() {
  const { clientId = '' } = useParams();
  const staff = useStaffViewer().data;
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <ClientFile
        key={clientId}
        clientId={clientId}
        viewer={{ userId: staff.user_id, role: staff.role }}
        checklist={(slot) => <ChecklistSection {...slot} />}
      />
    </Container>
  );
}
