import { Container, Stack, Text, Title } from '@mantine/core';
import { useRouteLoaderData } from 'react-router';
import { StaffInbox } from '../../features/staff-inbox/components/staff-inbox.tsx';
import type { clientLoader } from './layout.tsx';

export function meta() {
  return [{ title: 'Inbox · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffInboxPage() {
  const staff = useRouteLoaderData<typeof clientLoader>('routes/staff/layout');
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
        {staff && <StaffInbox role={staff.role} />}
      </Stack>
    </Container>
  );
}
