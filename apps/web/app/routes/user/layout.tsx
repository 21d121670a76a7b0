import { STORAGE_KEYS } from '@taxfirm/contract';
import { Outlet, redirect } from 'react-router';
import { ClientOnlyFallback } from '../../components/layouts/client-only-fallback.tsx';
import { paths } from '../../config/paths.ts';
import { logout } from '../../features/accounts/api/logout.ts';
import { ClientShell } from '../../features/client-area/components/client-shell.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';

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

export default function UserLayout() {
  return (
    <ClientShell onLogout={logout} bell={<NotificationBell />}>
      <Outlet />
    </ClientShell>
  );
}
