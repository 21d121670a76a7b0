/**
 * Every year in the vault (issue 38), the client's calls: `account/years/list|get` (read), and
 * `account/years/return|zip`, which need a fresh step-up and answer a short-lived link to the GET route
 * below. That route asks for the step-up again and opens only the session client's own files.
 */
import { CALLS, CLIENT_BILLING_PDF_PATH } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf, clientMay } from '../../lib/actor.ts';
import {
  createBillingLinkSigner,
  createLinkSigner,
  createSignatureLinkSigner,
  createYearLinkSigner,
  LINK_TTL_MS,
} from '../../lib/crypto/signed-links.ts';
import { sendFile, verifiedLink } from '../../lib/downloads.ts';
import { requireAccess } from '../../lib/guards.ts';
import { registerCall } from '../../lib/register-call.ts';
import { requireStepUp } from '../accounts/step-up.service.ts';
import {
  CLIENT_SIGNATURE_FILE_PATH,
  clientFileLink,
  signatureFileLink,
} from '../documents/document-links.ts';
import { billingLinksFor } from '../invoices/invoice-record.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import {
  assertMayOpenReturns,
  assertReturnOfClient,
  findYears,
  getYear,
  getYearFiling,
  openYearReturn,
  openYearZip,
} from './years.service.ts';

/** Where a filed return's and a year's ZIP links open (GET, `?t=`). */
export const YEAR_FILE_PATH = '/api/account/years/file';

export async function yearsRoutes(
  app: FastifyInstance,
  { settings, linkSecret }: { settings: SettingsCache; linkSecret: string },
) {
  const fileLinks = createLinkSigner(linkSecret);
  const signatureLinks = createSignatureLinkSigner(linkSecret, 'client');
  const billingLinks = createBillingLinkSigner(linkSecret, 'client');
  const yearLinks = createYearLinkSigner(linkSecret);
  const expiresIn = Math.floor(LINK_TTL_MS / 1000);

  registerCall(app, CALLS.accountYearsList, async (request) =>
    findYears({ db: app.db, actor: clientActorOf(request), currentTaxYear: await settings.taxYear() }),
  );

  registerCall(app, CALLS.accountYearsGet, async (request) => {
    const actor = clientActorOf(request);
    return getYear({
      db: app.db,
      actor,
      taxYear: request.body.tax_year,
      currentTaxYear: await settings.taxYear(),
      links: {
        summary: (id) => clientFileLink(fileLinks, 'summary', id, actor.userId),
        signed: (id) =>
          clientMay(actor, 'reveal')
            ? signatureFileLink(signatureLinks, CLIENT_SIGNATURE_FILE_PATH, 'signed', id, actor.userId)
            : null,
        files: (file) => ({ download_url: clientFileLink(fileLinks, 'document', file.id, actor.userId) }),
        billing: billingLinksFor(billingLinks, CLIENT_BILLING_PDF_PATH, actor.userId),
      },
    });
  });

  registerCall(
    app,
    CALLS.accountYearsReturn,
    async (request) => {
      const actor = clientActorOf(request);
      await assertReturnOfClient(app.db, actor, request.body.document_id);
      const token = yearLinks.sign({ k: 'return', id: request.body.document_id, u: actor.userId });
      return { url: `${YEAR_FILE_PATH}?t=${token}`, expires_in: expiresIn };
    },
    requireStepUp(app, { name: 'year-return', perUserPerHour: 60 }),
  );

  registerCall(
    app,
    CALLS.accountYearsZip,
    async (request) => {
      const actor = clientActorOf(request);
      assertMayOpenReturns(actor);
      const filing = await getYearFiling({ db: app.db, actor, taxYear: request.body.tax_year });
      const token = yearLinks.sign({ k: 'zip', id: filing.id, u: actor.userId });
      return { url: `${YEAR_FILE_PATH}?t=${token}`, expires_in: expiresIn };
    },
    requireStepUp(app, { name: 'year-zip', perUserPerHour: 30 }),
  );

  /** A filed return or a year's ZIP, for the session the link was made for, while its step-up is fresh. */
  app.get<{ Querystring: { t?: string } }>(
    YEAR_FILE_PATH,
    {
      onRequest: [requireAccess('client'), ...requireStepUp(app).onRequest],
      schema: { hide: true },
    },
    async (request, reply) => {
      const actor = clientActorOf(request);
      const link = verifiedLink(yearLinks, request.query.t, actor.userId);
      if (link.k === 'return') {
        const file = await openYearReturn({ db: app.db, storage: app.storage, actor, documentId: link.id });
        return sendFile(reply, {
          name: file.name,
          type: 'application/pdf',
          size: file.size,
          body: file.body,
        });
      }
      const zip = await openYearZip({
        db: app.db,
        storage: app.storage,
        actor,
        filingId: link.id,
        log: request.log,
      });
      return sendFile(reply, { name: zip.name, type: 'application/zip', body: zip.body });
    },
  );
}
