import { Outlet, redirect } from 'react-router';
import { ClientOnlyFallback } from '../../components/layouts/client-only-fallback.tsx';
import { paths } from '../../config/paths.ts';

/**
 * The staff console renders in the browser. Staff sign-in does not exist yet, so every visit goes home;
 * every staff call is checked for its role on the server regardless.
 */
export async function clientLoader() {
  throw redirect(paths.home.getHref());
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <ClientOnlyFallback label="Loading the staff console" />;
}

export default function StaffLayout() {
  return <Outlet />;
}
