/**
 * The invoice and receipt PDFs (issue 20), one GET route per side, each opening only its own side's
 * short-lived signed links (`?t=`) made for the session's user. The client opens their own invoices'
 * documents (never a draft's); staff open them on the rules of the invoice's file.
 */
import { CLIENT_BILLING_PDF_PATH, MESSAGES, STAFF_BILLING_PDF_PATH } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientActorOf, staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendFile, verifiedLink } from '../../lib/downloads.ts';
import { createBillingLinkSigner, type BillingLinkKind } from '../../lib/crypto/signed-links.ts';
import { requireAccess } from '../../lib/guards.ts';
import { staffAccessLimit } from '../filings/access-limits.staff.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { invoicePdf, receiptPdf, type BillingPdf } from './billing-pdf.ts';
import { assertClientCanOpen, assertStaffCanOpen } from './billing-pdf.service.ts';

type PdfQuery = { Querystring: { t?: string } };

function sendPdf(reply: FastifyReply, file: BillingPdf | null): FastifyReply {
  if (!file) throw new AppError('NOT_FOUND', { message: MESSAGES.INVOICE_NOT_FOUND });
  return sendFile(reply, {
    name: file.filename,
    type: 'application/pdf',
    size: file.bytes.byteLength,
    body: Buffer.from(file.bytes),
  });
}

export async function billingPdfRoutes(
  app: FastifyInstance,
  { settings, linkSecret }: { settings: SettingsCache; linkSecret: string },
) {
  const clientLinks = createBillingLinkSigner(linkSecret, 'client');
  const staffLinks = createBillingLinkSigner(linkSecret, 'staff');
  const make = async (kind: BillingLinkKind, id: string) => {
    const firm = await settings.firm();
    return kind === 'invoice' ? invoicePdf(app.db, firm, id) : receiptPdf(app.db, firm, id);
  };

  app.get<PdfQuery>(
    CLIENT_BILLING_PDF_PATH,
    { onRequest: requireAccess('client'), schema: { hide: true } },
    async (request, reply) => {
      const actor = clientActorOf(request);
      const link = verifiedLink(clientLinks, request.query.t, actor.userId);
      await assertClientCanOpen(app.db, actor, link.k, link.id);
      return sendPdf(reply, await make(link.k, link.id));
    },
  );

  app.get<PdfQuery>(
    STAFF_BILLING_PDF_PATH,
    {
      onRequest: requireAccess('staff'),
      preHandler: staffAccessLimit(app, 'download', settings),
      schema: { hide: true },
    },
    async (request, reply) => {
      const actor = staffActorOf(request);
      const link = verifiedLink(staffLinks, request.query.t, actor.userId);
      await assertStaffCanOpen(app.db, actor, link.k, link.id);
      return sendPdf(reply, await make(link.k, link.id));
    },
  );
}
