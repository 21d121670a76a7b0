import { Stack } from '@mantine/core';
import { ConsolePage } from '../../components/ui/page-header.tsx';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { BulkActions } from '../../features/staff-bulk/components/bulk-actions.tsx';
import { BulkProgress } from '../../features/staff-bulk/components/bulk-progress.tsx';
import { InviteClient } from '../../features/staff-clients/components/invite-client.tsx';
import { WorkQueues } from '../../features/staff-clients/components/work-queues.tsx';
import { SaveView } from '../../features/staff-views/components/save-view.tsx';

export function meta() {
  return [{ title: 'Work queues · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffQueues() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="Work queues"
      description="Clients by file status for a tax year, narrowed by owner, deliverable, due date and whom the file waits on. Analysts see their own clients and To Be Assigned. Select files to act on many at once."
    >
      <Stack gap="xl">
        <InviteClient />
        <BulkProgress />
        <WorkQueues
          role={staff.role}
          bulk={(queue) => (
            <>
              <BulkActions selection={queue} viewer={staff} />
              <SaveView
                query={{
                  ...queue.filter,
                  ...(queue.sort ? { sort: queue.sort } : {}),
                  ...(queue.columns ? { columns: queue.columns } : {}),
                }}
                role={staff.role}
              />
            </>
          )}
        />
      </Stack>
    </ConsolePage>
  );
}
