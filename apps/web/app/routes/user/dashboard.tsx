import { Alert, Stack, Text, Title } from '@mantine/core';
import { DashboardSteps } from '../../features/client-area/components/dashboard-steps.tsx';
import { useSessionInfo } from '../../lib/session.ts';

export function meta() {
  return [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex' }];
}

export default function Dashboard() {
  const session = useSessionInfo();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28} c="navy.9">
          Welcome, {session?.userName}
        </Title>
        <Text c="gray.8">
          Your return moves through these six steps. We will let you know when we need something from you.
        </Text>
      </div>
      {session?.fileStatus === 'Cancel Filing' && (
        <Alert color="red" role="status">
          This filing has been cancelled. Contact us if you would like to reopen it.
        </Alert>
      )}
      <DashboardSteps status={session?.fileStatus ?? null} />
    </Stack>
  );
}
