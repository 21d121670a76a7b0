import { redirect } from 'react-router';
import { ClientOnlyFallback } from '../../components/layouts/client-only-fallback.tsx';
import { Page } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { paymentStatusQueryOptions } from '../../features/payments/api/get-payment-status.ts';
import { PaymentPage } from '../../features/payments/components/payment-page.tsx';
import { getQueryClient } from '../../lib/query-client.ts';
import { hasStoredLogin, rememberFileStatus } from '../../lib/session.ts';

/**
 * Open only while the filing's status opens payment, as the server says (the stored status may be stale):
 * otherwise to the dashboard. Without a session the portal's layout sends the visitor home. The answer goes
 * into the query cache, where the page reads it: one call, not two.
 */
export async function clientLoader() {
  // The layout's loader sends a visitor without a login home; do not ask the server for them.
  if (!hasStoredLogin()) return null;
  // Asked afresh on every visit (staleTime 0), whatever the cache holds: staff may have moved the file.
  const status = await getQueryClient().fetchQuery({ ...paymentStatusQueryOptions(), staleTime: 0 });
  if (status.filestatus) rememberFileStatus(status.filestatus);
  if (!status.payment_open) throw redirect(paths.user.dashboard.getHref());
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <ClientOnlyFallback label="Loading the payment page" />;
}

export function meta() {
  return [{ title: 'Make a Payment' }, { name: 'robots', content: 'noindex' }];
}

export default function Payment() {
  return (
    <Page
      title="Make a Payment"
      description="Pay your tax preparation fee by card. You get a receipt by e-mail."
    >
      <PaymentPage />
    </Page>
  );
}
