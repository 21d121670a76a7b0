import { Container, Stack, Text, Title } from '@mantine/core';
import { AdminOnly } from '../../features/staff-auth/components/admin-only.tsx';
import { Team } from '../../features/staff-team/components/team.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Staff · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffTeamPage() {
  const staff = useStaffViewer().data;
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Staff
          </Title>
          <Text c="gray.8">Invite analysts and admins, deactivate accounts, reset a lost authenticator.</Text>
        </div>
        <AdminOnly role={staff.role}>
          <Team viewerId={staff.user_id} />
        </AdminOnly>
      </Stack>
    </Container>
  );
}
