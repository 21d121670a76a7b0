import { Container, Stack, Text, Title } from '@mantine/core';
import { WorkQueues } from '../../features/staff-clients/components/work-queues.tsx';

export function meta() {
  return [{ title: 'Work queues · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffHome() {
  return (
    <Container size="xl" py="xl" component="main" id="main" tabIndex={-1}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Work queues
          </Title>
          <Text c="gray.8">
            Clients by file status for a tax year. Analysts see their own clients and To Be Assigned.
          </Text>
        </div>
        <WorkQueues />
      </Stack>
    </Container>
  );
}
