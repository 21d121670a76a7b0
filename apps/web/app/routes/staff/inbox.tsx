import { Container, Stack, Text, Title } from '@mantine/core';
import { StaffInbox } from '../../features/staff-inbox/components/staff-inbox.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';

export function meta() {
  return [{ title: 'Inbox · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffInboxPage() {
  const staff = useStaffViewer().data;
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Inbox
          </Title>
          <Text c="gray.8">
            Contact messages, career applications, referrals and payments. Each list downloads as CSV with its
            filters.
          </Text>
        </div>
        <StaffInbox role={staff.role} />
      </Stack>
    </Container>
  );
}
