import type { WebLoadContext } from '@taxfirm/contract';
import { Outlet } from 'react-router';
import { PublicShell } from '../../features/site-chrome/components/public-shell.tsx';
import type { Route } from './+types/layout';

/** Runs on the server for every public page: the chrome shows the current settings. */
export async function loader({ context }: Route.LoaderArgs) {
  const { getSiteSettings, siteUrl } = context as WebLoadContext;
  const settings = await getSiteSettings();
  return { settings, siteUrl, year: new Date().getFullYear() };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PublicShell settings={loaderData.settings} siteUrl={loaderData.siteUrl} year={loaderData.year}>
      <Outlet />
    </PublicShell>
  );
}
