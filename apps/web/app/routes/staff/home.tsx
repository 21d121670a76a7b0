import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { ConsolePage } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useStaffViewer } from '../../features/staff-auth/api/get-staff-viewer.ts';
import { MyWork } from '../../features/staff-work/components/my-work.tsx';

export function meta() {
  return [{ title: 'My work · Staff console' }, { name: 'robots', content: 'noindex' }];
}

/** The console's home (issue 35): what needs this staff member now. */
export default function StaffHome() {
  const staff = useStaffViewer().data;
  return (
    <ConsolePage
      title="My work"
      description="What needs you now, oldest first. An item leaves when the file says it is done: an upload accepted, a message answered, a file moved on."
    >
      <MyWork viewer={{ userId: staff.user_id, role: staff.role }} />
      <Group gap="lg" mt="xl">
        <Anchor component={Link} to={paths.staff.queues.getHref()} underline="always">
          Work queues
        </Anchor>
        <Anchor component={Link} to={paths.staff.activity.getHref()} underline="always">
          Recent activity
        </Anchor>
      </Group>
    </ConsolePage>
  );
}
