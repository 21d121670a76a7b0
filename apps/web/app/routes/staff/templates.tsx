import { Container, Stack, Text, Title } from '@mantine/core';
import { useRouteLoaderData } from 'react-router';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { StatusTemplates } from '../../features/staff-templates/components/status-templates.tsx';
import type { clientLoader } from './layout.tsx';

export function meta() {
  return [{ title: 'Status e-mails · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffTemplatesPage() {
  const staff = useRouteLoaderData<typeof clientLoader>('routes/staff/layout');
  return (
    <Container size="lg" py="xl" component="main" id="main" tabIndex={-1}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Status e-mails
          </Title>
          <Text c="gray.8">What a client is told, by e-mail and in the portal, when their file moves.</Text>
        </div>
        <AdminOnly role={staff?.role}>
          <StatusTemplates />
        </AdminOnly>
      </Stack>
    </Container>
  );
}
