import { Alert } from '@mantine/core';
import { Page } from '../../components/ui/page-header.tsx';
import { ChecklistCard } from '../../features/requests/components/checklist-card.tsx';
import { DashboardSteps } from '../../features/client-area/components/dashboard-steps.tsx';
import { useSessionInfo } from '../../lib/session.ts';

export function meta() {
  return [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex' }];
}

export default function Dashboard() {
  const session = useSessionInfo();
  return (
    <Page
      title={<>Welcome, {session?.userName}</>}
      description="Your return moves through these six steps. We will let you know when we need something from you."
    >
      <ChecklistCard />
      {session?.fileStatus === 'Cancel Filing' && (
        <Alert color="red" role="status">
          This filing has been cancelled. Contact us if you would like to reopen it.
        </Alert>
      )}
      <DashboardSteps status={session?.fileStatus ?? null} />
    </Page>
  );
}
