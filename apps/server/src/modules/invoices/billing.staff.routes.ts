/**
 * The staff money call of invoices: staff/invoices/refund (admins, file rules, a fresh step-up). The client's
 * side (account/invoices/pay) is billing.routes.ts.
 */
import { CALLS, MESSAGES, STAFF_BILLING_PDF_PATH } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { createBillingLinkSigner } from '../../lib/crypto/signed-links.ts';
import { registerCall } from '../../lib/register-call.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import type { PaymentsDeps } from '../payments/payments.service.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { refundInvoicePayment } from './billing.service.ts';
import { billingLinksFor } from './invoice-record.ts';
import { getStaffInvoice } from './invoices.staff.service.ts';

export async function billingStaffRoutes(
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
