import { Container, Stack, Text, Title } from '@mantine/core';
import { AuditLog } from '../../features/staff-audit/components/audit-log.tsx';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Audit log · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffAuditPage() {
  const staff = useStaffViewer().data;
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Audit log
          </Title>
          <Text c="gray.8">
            Every staff action and every staff read of client data. Entries cannot be changed.
          </Text>
        </div>
        <AdminOnly role={staff.role}>
          <AuditLog />
        </AdminOnly>
      </Stack>
    </Container>
  );
}
