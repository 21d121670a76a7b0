import type { WebLoadContext } from '@taxfirm/contract';
import { lazy } from 'react';
import { Outlet } from 'react-router';
import { PublicShell } from '../../features/site-chrome/components/public-shell.tsx';
import { CRITICAL_CSS } from '../../features/site-chrome/critical-css.server.ts';
import type { Route } from './+types/layout';

// The side panel (a drawer and the sign-in forms) loads when a visitor first opens it, not with every page.
const AccountPanel = lazy(() =>
  import('../../features/accounts/components/account-panel.tsx').then((m) => ({ default: m.AccountPanel })),
);

/**
 * Runs on the server for every public page: the chrome shows the current settings. An islands page (ADR 021)
 * inlines `criticalCss` as its stylesheet; a React page links the full stylesheet and ignores it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { getSiteSettings, siteUrl, islandsScript } = context as WebLoadContext;
  const settings = await getSiteSettings();
  return { settings, siteUrl, year: new Date().getFullYear(), islandsScript, criticalCss: CRITICAL_CSS };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PublicShell
      settings={loaderData.settings}
      siteUrl={loaderData.siteUrl}
      year={loaderData.year}
      // Loaded on demand, like the panel: the API client and its schemas stay off pages that never call it.
      onLogout={async () => (await import('../../features/accounts/api/logout.ts')).logout()}
      accountPanel={(props) => <AccountPanel {...props} />}
    >
      <Outlet />
    </PublicShell>
  );
}
