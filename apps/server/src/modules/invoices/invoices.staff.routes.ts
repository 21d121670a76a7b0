/**
 * Invoices and the price list in the staff console (issue 20): create, save, send and void an invoice on a
 * client's file (file-assignment rules), the lists (one client's, or the firm's for admins) with their
 * totals, the Invoices tab's CSV export (admins, audited) and the price list (admins save it).
 * Refunds are billing.staff.routes.ts.
 */
import {
  CALLS,
  INVOICE_EXPORT_PATH,
  MESSAGES,
  STAFF_BILLING_PDF_PATH,
  invoiceExportQuerySchema,
} from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { staffActorOf, type StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { createBillingLinkSigner } from '../../lib/crypto/signed-links.ts';
import { csvStream } from '../../lib/csv.ts';
import { requireAccess } from '../../lib/guards.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { getBillingSettings } from './billing-settings.ts';
import { findStaffInvoices, INVOICE_CSV_HEADER, invoiceCsvRows } from './invoice-list.staff.ts';
import { billingLinksFor } from './invoice-record.ts';
import {
  createInvoice,
  getStaffInvoice,
  saveInvoice,
  sendInvoice,
  voidInvoice,
} from './invoices.staff.service.ts';
import { listPriceItems, savePriceList } from './price-list.staff.service.ts';

/** The export's file name: invoices and today's date (UTC), e.g. invoices-2026-11-23.csv. */
export const invoiceExportFileName = (now = new Date()) => `invoices-${now.toISOString().slice(0, 10)}.csv`;

export async function invoicesStaffRoutes(
  app: FastifyInstance,
  { settings, linkSecret, appUrl }: { settings: SettingsCache; linkSecret: string; appUrl: string },
) {
  const signer = createBillingLinkSigner(linkSecret, 'staff');
  const linksOf = (userId: string) => billingLinksFor(signer, STAFF_BILLING_PDF_PATH, userId);
  /** The invoice as the acting staff member sees it, after a change. */
  const answer = (actor: StaffActor, invoiceId: string) =>
    getStaffInvoice({ db: app.db, actor, invoiceId, links: linksOf(actor.userId) });

  registerCall(app, CALLS.staffInvoicesCreate, async (request) => {
    const actor = staffActorOf(request);
    const { taxy, ...input } = request.body;
    const id = await createInvoice({ db: app.db, actor, taxYear: await settings.taxYear(taxy), input });
    return { status_smessage: MESSAGES.INVOICE_CREATED, invoice: await answer(actor, id) };
  });

  registerCall(app, CALLS.staffInvoicesSave, async (request) => {
    const actor = staffActorOf(request);
    const { invoice_id: invoiceId, ...input } = request.body;
    await saveInvoice({ db: app.db, actor, invoiceId, input });
    return {
      status_smessage: MESSAGES.INVOICE_SAVED,
      invoice: await answer(actor, invoiceId),
    };
  });

  registerCall(app, CALLS.staffInvoicesSend, async (request) => {
    const actor = staffActorOf(request);
    const invoiceId = request.body.invoice_id;
    await sendInvoice({ db: app.db, actor, voice: { firm: await settings.firm(), appUrl }, invoiceId });
    return {
      status_smessage: MESSAGES.INVOICE_SENT,
      invoice: await answer(actor, invoiceId),
    };
  });

  registerCall(app, CALLS.staffInvoicesVoid, async (request) => {
    const actor = staffActorOf(request);
    const { invoice_id: invoiceId, reason } = request.body;
    await voidInvoice({ db: app.db, actor, invoiceId, reason });
    return {
      status_smessage: MESSAGES.INVOICE_VOIDED,
      invoice: await answer(actor, invoiceId),
    };
  });

  registerCall(app, CALLS.staffInvoicesList, async (request) => {
    const actor = staffActorOf(request);
    const { client_id: clientId, taxy, filter, dataTablesParameters: page, sort } = request.body;
    const list = await findStaffInvoices({
      db: app.db,
      actor,
      filters: { clientId, taxYear: taxy, filter, sort, search: page.search?.value },
      fileYear: await settings.taxYear(taxy),
      page,
      links: linksOf(actor.userId),
    });
    return { draw: page.draw, ...list };
  });

  registerCall(app, CALLS.staffPricelistList, async () => ({
    items: await listPriceItems(app.db),
    inr_enabled: (await getBillingSettings(app.db)).inrEnabled,
  }));

  registerCall(app, CALLS.staffPricelistSave, async (request) => {
    const items = await savePriceList({
      db: app.db,
      actor: staffActorOf(request),
      items: request.body.items,
    });
    return {
      status_smessage: MESSAGES.PRICE_LIST_SAVED,
      items,
      inr_enabled: (await getBillingSettings(app.db)).inrEnabled,
    };
  });

  /** The Invoices tab as CSV (admins): every invoice the list's filters select, formula-safe, audited. */
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      INVOICE_EXPORT_PATH,
      { onRequest: requireAccess('admin'), schema: { querystring: invoiceExportQuerySchema, hide: true } },
      async (request, reply) => {
        const actor = staffActorOf(request);
        const q = request.query as z.output<typeof invoiceExportQuerySchema>;
        const rows = await invoiceCsvRows({
          db: app.db,
          actor,
          filters: {
            taxYear: q.taxy,
            filter: q.filter,
            search: q.search,
            sort: { column: q.sort, dir: q.dir },
          },
        });
        await audit(app.db, {
          actor,
          action: 'staff.export.invoices',
          subject: new URL(request.url, 'http://x').search,
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachment(invoiceExportFileName()))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(csvStream(INVOICE_CSV_HEADER, rows));
      },
    );
}
