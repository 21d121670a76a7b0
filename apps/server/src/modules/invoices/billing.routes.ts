/**
 * The client's money call of invoices: account/invoices/pay (the session client's own invoice: a provider
 * order, answered as payment/createOrder answers). The staff refund is billing.staff.routes.ts.
 */
import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { PaymentsDeps } from '../payments/payments.service.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { payInvoice } from './billing.service.ts';

export async function billingRoutes(
  app: FastifyInstance,
  {
    settings,
    provider,
    appUrl,
  }: { settings: SettingsCache; provider: PaymentProvider; appUrl: string; linkSecret: string },
) {
  const deps: PaymentsDeps = { db: app.db, provider, firm: () => settings.firm(), appUrl };
  const perUser = (name: string, max: number) => limits(app, { name, max, window: '1 hour', key: byUser });

  registerCall(
    app,
    CALLS.accountInvoicesPay,
    async (request) =>
      payInvoice(deps, {
        actor: clientActorOf(request),
        invoiceId: request.body.invoice_id,
        amount: request.body.amount,
      }),
    // The same budget as payment/createOrder: both create provider orders.
    { preHandler: perUser('invoice-pay', 30) },
  );
}
