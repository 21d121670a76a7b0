import { MemberRightNotice } from '../../features/household/components/member-right-notice.tsx';
import { MessagesPage } from '../../features/messaging/components/messages-page.tsx';
import { useRefreshNotifications } from '../../features/notifications/api/get-notifications.ts';

export function meta() {
  return [{ title: 'Messages' }, { name: 'robots', content: 'noindex' }];
}

export default function Messages() {
  // Reading the firm's messages lowers the bell's and the menu's counts.
  const refreshNotifications = useRefreshNotifications();
  return (
    <>
      {/* A household delegate without the right is told before trying (issue 38). */}
      <MemberRightNotice right="message" />
      <MessagesPage onRead={() => void refreshNotifications()} />
    </>
  );
}
