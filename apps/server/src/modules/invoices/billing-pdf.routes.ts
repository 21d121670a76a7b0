/**
 * The invoice and receipt PDFs (issue 20), one GET route per side, each opening only its own side's
 * short-lived signed links (`?t=`) made for the session's user. The client opens their own invoices'
 * documents (never a draft's); staff open them on the rules of the invoice's file.
 */
import { CLIENT_BILLING_PDF_PATH, MESSAGES, STAFF_BILLING_PDF_PATH } from '@taxfirm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientActorOf, staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachment } from '../../lib/content-disposition.ts';
import {
  createBillingLinkSigner,
  type BillingLinkKind,
  type LinkSigner,
} from '../../lib/crypto/signed-links.ts';
import { requireAccess } from '../../lib/guards.ts';
import { staffAccessLimit } from '../filings/access-limits.staff.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { invoicePdf, receiptPdf, type BillingPdf } from './billing-pdf.ts';
import { assertClientCanOpen, assertStaffCanOpen } from './billing-pdf.service.ts';

type PdfQuery = { Querystring: { t?: string } };

/** A genuine, unexpired link of `links` made for `userId`; anything else is refused. */
function linkOf(
  links: LinkSigner<BillingLinkKind>,
  request: FastifyRequest<PdfQuery>,
  userId: string,
): { kind: BillingLinkKind; id: string } {
  const token = request.query.t;
  const payload = typeof token === 'string' ? links.verify(token) : null;
  if (!payload || payload.u !== userId) {
    throw new AppError('FORBIDDEN', { message: MESSAGES.DOWNLOAD_LINK_EXPIRED });
  }
  return { kind: payload.k, id: payload.id };
}

function sendPdf(reply: FastifyReply, file: BillingPdf | null): FastifyReply {
  if (!file) throw new AppError('NOT_FOUND', { message: MESSAGES.INVOICE_NOT_FOUND });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(file.bytes.byteLength))
    .header('content-disposition', attachment(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes));
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
      const link = linkOf(clientLinks, request, actor.userId);
      await assertClientCanOpen(app.db, actor, link.kind, link.id);
      return sendPdf(reply, await make(link.kind, link.id));
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
      const link = linkOf(staffLinks, request, actor.userId);
      await assertStaffCanOpen(app.db, actor, link.kind, link.id);
      return sendPdf(reply, await make(link.kind, link.id));
    },
  );
}
