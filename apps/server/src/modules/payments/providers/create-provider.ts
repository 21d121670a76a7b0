import type { Database } from '@taxfirm/db';
import type { PaymentsConfig } from '../../../env.ts';
import type { PaymentProvider } from './provider.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createSandboxProvider, sandboxSecret, type SandboxProvider } from './sandbox.ts';

/** env.ts's payment settings, and where Razorpay's API is (tests: a local stand-in). */
export type PaymentsAppConfig =
  | Extract<PaymentsConfig, { provider: 'sandbox' }>
  | (Extract<PaymentsConfig, { provider: 'razorpay' }> & { apiUrl?: string });

export function createPaymentProvider(
  config: PaymentsAppConfig,
  { db, sessionSecret }: { db: Database; sessionSecret: string },
): PaymentProvider | SandboxProvider {
  if (config.provider === 'razorpay') return createRazorpayProvider(config);
  return createSandboxProvider({ db, secret: sandboxSecret(sessionSecret) });
}
