/**
 * Invoices on the client's side (issue 20): the session client's invoices and one of them. Identity comes
 * from the session only; drafts and other clients' invoices are "not found". Paying is billing.routes.ts.
 */
import { CALLS, CLIENT_BILLING_PDF_PATH } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import { createBillingLinkSigner } from '../../lib/crypto/signed-links.ts';
import { registerCall } from '../../lib/register-call.ts';
import { billingLinksFor } from './invoice-record.ts';
import { getClientInvoice, listClientInvoices } from './invoices.service.ts';

export async function invoicesRoutes(app: FastifyInstance, { linkSecret }: { linkSecret: string }) {
  const signer = createBillingLinkSigner(linkSecret, 'client');

  registerCall(app, CALLS.accountInvoicesList, async (request) => {
    const actor = clientActorOf(request);
    return listClientInvoices({
      db: app.db,
      actor,
      links: billingLinksFor(signer, CLIENT_BILLING_PDF_PATH, actor.userId),
    });
  });

  registerCall(app, CALLS.accountInvoicesGet, async (request) => {
    const actor = clientActorOf(request);
    return getClientInvoice({
      db: app.db,
      actor,
      invoiceId: request.body.invoice_id,
      links: billingLinksFor(signer, CLIENT_BILLING_PDF_PATH, actor.userId),
    });
  });
}
