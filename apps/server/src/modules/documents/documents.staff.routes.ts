import { CALLS } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendFile, verifiedLink } from '../../lib/downloads.ts';
import { createStaffLinkSigner, LINK_TTL_MS } from '../../lib/crypto/signed-links.ts';
import { requireAccess } from '../../lib/guards.ts';
import { registerCall } from '../../lib/register-call.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { STAFF_FILE_PATH, staffFileLinks } from './document-links.ts';
import {
  byCategory,
  isPreviewable,
  listClientDocuments,
  openClientDocument,
  openFilingZip,
} from './documents.staff.service.ts';
import { staffActorOf } from '../../lib/actor.ts';
import { staffAccessLimit } from '../filings/access-limits.staff.ts';

/** Where the staff console's document links point (STAFF_FILE_PATH: document-links.ts). */
export { STAFF_FILE_PATH };
export const STAFF_ZIP_PATH = '/api/staff/documents/zip';

/**
 * A client's documents for the staff console. The listing answers short-lived links signed for the staff
 * member who asked (a key of their own: no client link opens here, no staff link in the portal); every
 * link is checked again, when opened, against that staff member's session and their right to work the file.
 */
export async function documentsStaffRoutes(
  app: FastifyInstance,
  { settings, linkSecret }: { settings: SettingsCache; linkSecret: string },
) {
  const links = createStaffLinkSigner(linkSecret);
  /** One counter for a staff member's document and ZIP downloads, with the admins alerted on a burst (F-04). */
  const downloadLimit = staffAccessLimit(app, 'download', settings);

  registerCall(app, CALLS.staffDocuments, async (request) => {
    const actor = staffActorOf(request);
    const taxYear = await settings.taxYear(request.body.taxy);
    const { filingId, rows, zipName } = await listClientDocuments(app.db, actor, {
      clientId: request.body.client_id,
      taxYear,
    });
    return {
      tax_year: taxYear,
      categories: byCategory(
        rows.map((row) => ({
          category: row.category,
          document_id: row.id,
          name: row.name,
          size: row.size,
          content_type: row.contentType,
          uploaded_at: row.uploadedAt.toISOString(),
          uploaded_by: row.uploadedBy,
          ...staffFileLinks(links, row, actor.userId),
        })),
      ),
      zip_url:
        rows.length > 0
          ? `${STAFF_ZIP_PATH}?t=${links.sign({ k: 'zip', id: filingId, u: actor.userId })}`
          : null,
      zip_name: zipName,
      links_ttl_s: Math.floor(LINK_TTL_MS / 1000),
    };
  });

  /** A genuine, unexpired link of this kind, made for this staff member; anything else is refused. */
  const linkOf = (request: FastifyRequest<{ Querystring: { t?: string } }>, kind: 'document' | 'zip') => {
    const actor = staffActorOf(request);
    return { actor, id: verifiedLink(links, request.query.t, actor.userId, [kind]).id };
  };

  /** One document: shown in the browser (`inline=1`, PDFs and images only) or saved; never cached. */
  app.get<{ Querystring: { t?: string; inline?: string } }>(
    STAFF_FILE_PATH,
    { onRequest: requireAccess('staff'), preHandler: downloadLimit, schema: { hide: true } },
    async (request, reply) => {
      const { actor, id } = linkOf(request, 'document');
      const file = await openClientDocument({ db: app.db, storage: app.storage, actor, documentId: id });
      return sendFile(
        reply,
        { name: file.name, type: file.contentType, size: file.size, body: file.body },
        { inline: request.query.inline === '1' && isPreviewable(file.contentType) },
      );
    },
  );

  /** Every document of the filing as one streamed ZIP, named after the client's file number. */
  app.get<{ Querystring: { t?: string } }>(
    STAFF_ZIP_PATH,
    { onRequest: requireAccess('staff'), preHandler: downloadLimit, schema: { hide: true } },
    async (request, reply) => {
      const { actor, id } = linkOf(request, 'zip');
      const zip = await openFilingZip({
        db: app.db,
        storage: app.storage,
        actor,
        filingId: id,
        log: request.log,
      });
      return sendFile(reply, { name: zip.name, type: 'application/zip', body: zip.body });
    },
  );
}
