/**
 * The money calls of invoices: account/invoices/pay (the session client's own invoice: a provider order,
 * answered as payment/createOrder answers) and staff/invoices/refund (admins, file rules, a fresh step-up).
 */
import { CALLS, MESSAGES, STAFF_BILLING_PDF_PATH } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf, staffActorOf } from '../../lib/actor.ts';
import { createBillingLinkSigner } from '../../lib/crypto/signed-links.ts';
import { limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import type { PaymentsDeps } from '../payments/payments.service.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { payInvoice, refundInvoicePayment } from './billing.service.ts';
import { billingLinksFor, getStaffInvoice } from './invoices.service.ts';

export async function billingRoutes(
  app: FastifyInstance,
  {
    settings,
    provider,
    appUrl,
    linkSecret,
  }: { settings: SettingsCache; provider: PaymentProvider; appUrl: string; linkSecret: string },
) {
  const staffLinks = createBillingLinkSigner(linkSecret, 'staff');
  const deps: PaymentsDeps = { db: app.db, provider, firm: () => settings.firm(), appUrl };
  const perUser = (name: string, max: number) =>
    limits(app, { name, max, window: '1 hour', key: (request) => request.user?.id ?? request.ip });

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

  // A refund sends money: the session proves itself again first (requireStepUp, as other sensitive calls).
  registerCall(
    app,
    CALLS.staffInvoicesRefund,
    async (request) => {
      const actor = staffActorOf(request);
      await refundInvoicePayment(deps, {
        actor,
        invoiceId: request.body.invoice_id,
        orderId: request.body.order_id,
        amount: request.body.amount,
        reason: request.body.reason,
      });
      return {
        status_smessage: MESSAGES.INVOICE_REFUNDED,
        invoice: await getStaffInvoice({
          db: app.db,
          actor,
          invoiceId: request.body.invoice_id,
          links: billingLinksFor(staffLinks, STAFF_BILLING_PDF_PATH, actor.userId),
        }),
      };
    },
    requireStepUp(app),
  );
}
