import { Container, Stack, Text, Title } from '@mantine/core';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { StatusTemplates } from '../../features/staff-templates/components/status-templates.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Status e-mails · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffTemplatesPage() {
  const staff = useStaffViewer().data;
  return (
    <Container size="lg" py="xl" component="main" id="main" tabIndex={-1}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Status e-mails
          </Title>
          <Text c="gray.8">What a client is told, by e-mail and in the portal, when their file moves.</Text>
        </div>
        <AdminOnly role={staff.role}>
          <StatusTemplates />
        </AdminOnly>
      </Stack>
    </Container>
  );
}
