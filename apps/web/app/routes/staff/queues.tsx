import { Stack } from '@mantine/core';
import { ConsolePage } from '../../components/ui/page-header.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { InviteClient } from '../../features/staff-clients/components/invite-client.tsx';
import { WorkQueues } from '../../features/staff-clients/components/work-queues.tsx';

export function meta() {
  return [{ title: 'Work queues · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffQueues() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Work queues"
      description="Clients by file status for a tax year, narrowed by owner, deliverable, due date and whom the file waits on. Analysts see their own clients and To Be Assigned."
    >
      <Stack gap="xl">
        <InviteClient />
        <WorkQueues role={staff.role} />
      </Stack>
    </ConsolePage>
  );
}
