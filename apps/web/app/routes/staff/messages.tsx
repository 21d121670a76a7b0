import { ConsolePage } from '../../components/ui/page-header.tsx';
import { MessagesInbox } from '../../features/staff-messaging/components/messages-inbox.tsx';

export function meta() {
  return [{ title: 'Messages · Staff console' }, { name: 'robots', content: 'noindex' }];
}

export default function StaffMessagesPage() {
  return (
    <ConsolePage
      title="Messages"
      description="Conversations with clients on the files you may work, unread first. Open one to read it on the client's file, answer, or add an internal note."
    >
      <MessagesInbox />
    </ConsolePage>
  );
}
