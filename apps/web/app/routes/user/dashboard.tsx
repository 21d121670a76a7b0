import { Alert } from '@mantine/core';
import { Page } from '../../components/ui/page-header.tsx';
import { ChecklistCard } from '../../features/requests/components/checklist-card.tsx';
import { DashboardSteps } from '../../features/client-area/components/dashboard-steps.tsx';
import { BalanceDueCard } from '../../features/invoices/components/balance-due-card.tsx';
import { ReadyToSignCard } from '../../features/signatures/components/ready-to-sign-card.tsx';
import { MessagesCard } from '../../features/messaging/components/messages-card.tsx';
import { useNotifications } from '../../features/notifications/api/get-notifications.ts';
import { useSessionInfo } from '../../lib/session.ts';
import { ConsentGate } from '../../features/consents/components/consent-gate.tsx';
import { DeadlinesCard } from '../../features/deliverables/components/deadlines-card.tsx';
import { OrganizerCard } from '../../features/organizer/components/organizer-card.tsx';

export function meta() {
  return [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex' }];
}

export default function Dashboard() {
  const session = useSessionInfo();
  // The bell's answer carries the unread count (the layout reads it already: no second call).
  const notifications = useNotifications();
  return (
    <Page
      title={<>Welcome, {session?.userName}</>}
      description="Your return moves through these six steps. We will let you know when we need something from you."
    >
      <ConsentGate />
      <ReadyToSignCard />
      <BalanceDueCard />
      <OrganizerCard />
      <ChecklistCard />
      <MessagesCard unread={notifications.data?.messages_unread ?? 0} />
      <DeadlinesCard />
      {session?.fileStatus === 'Cancel Filing' && (
        <Alert color="red" role="status">
          This filing has been cancelled. Contact us if you would like to reopen it.
        </Alert>
      )}
      <DashboardSteps status={session?.fileStatus ?? null} />
    </Page>
  );
}
