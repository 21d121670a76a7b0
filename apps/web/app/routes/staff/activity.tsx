import { ConsolePage } from '../../components/ui/page-header.tsx';
import { ActivityFeed } from '../../features/staff-messaging/components/activity-feed.tsx';

export function meta() {
  return [{ title: 'Recent activity · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffActivity() {
  return (
    <ConsolePage title="Recent activity" description="What the clients of your files did, newest first.">
      <ActivityFeed />
    </ConsolePage>
  );
}
