import { STORAGE_KEYS } from '@taxfirm/contract';
import { Outlet, redirect } from 'react-router';
import { ClientOnlyFallback } from '../../components/layouts/client-only-fallback.tsx';
import { paths } from '../../config/paths.ts';
import { logout } from '../../features/accounts/api/logout.ts';
import { ClientShell } from '../../features/client-area/components/client-shell.tsx';
import { useOpenInvoiceCount } from '../../features/invoices/api/invoices.ts';
import { forgetDraft } from '../../features/messaging/message-draft.ts';
import { useNotifications } from '../../features/notifications/api/get-notifications.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useSignatures } from '../../features/signatures/api/signatures.ts';
import { YearSwitcher } from '../../features/years/components/year-switcher.tsx';

/**
 * The client portal renders in the browser. Without a stored access token the visitor is sent home
 * (the specification's client-route rule); the server checks the session on every call regardless.
 */
export async function clientLoader() {
  if (!window.localStorage.getItem(STORAGE_KEYS.accessToken)) throw redirect(paths.home.getHref());
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <ClientOnlyFallback label="Loading your portal" />;
}

/** Signing out on purpose also throws away an unsent message (a forced logout keeps it: see message-draft). */
async function logoutAndForgetDraft() {
  forgetDraft();
  await logout();
}

export default function UserLayout() {
  // The bell's answer also counts the firm's unread messages, shown beside Messages in the menu.
  const messagesUnread = useNotifications().data?.messages_unread ?? 0;
  // Documents waiting on the client's signature, beside Sign (the dashboard's card reads the same answer).
  const toSign = useSignatures().data?.to_sign ?? 0;
  // Invoices with something left to pay, beside Invoices (the dashboard's Balance due reads the same answer).
  const openInvoices = useOpenInvoiceCount();
  return (
    <ClientShell
      onLogout={logoutAndForgetDraft}
      bell={<NotificationBell />}
      yearSwitcher={<YearSwitcher />}
      counts={{
        [paths.user.messages.getHref()]: messagesUnread,
        [paths.user.sign.getHref()]: toSign,
        [paths.user.invoices.getHref()]: openInvoices,
      }}
    >
      <Outlet />
    </ClientShell>
  );
}
