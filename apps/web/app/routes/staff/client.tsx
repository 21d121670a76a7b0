import { Container } from '@mantine/core';
import { useParams, useRouteLoaderData } from 'react-router';
import { ClientFile } from '../../features/staff-clients/components/client-file.tsx';
import type { clientLoader } from './layout.tsx';

export function meta() {
  return [{ title: 'Client file · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffClientPage() {
  const { clientId = '' } = useParams();
  const staff = useRouteLoaderData<typeof clientLoader>('routes/staff/layout');
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      {staff && (
        <ClientFile key={clientId} clientId={clientId} viewer={{ userId: staff.user_id, role: staff.role }} />
      )}
    </Container>
  );
}
