import {
  CALLS,
  categoryForUptId,
  documentKey,
  MESSAGES,
  parseDocumentKey,
  parseFolderPath,
  UPLOAD_FIELD,
  UPLOAD_SLOTS,
} from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertClientMay, clientActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendFile, verifiedLink } from '../../lib/downloads.ts';
import { createLinkSigner } from '../../lib/crypto/signed-links.ts';
import { CLIENT_DOWNLOAD_PATH, clientFileLink } from './document-links.ts';
import { requireAccess } from '../../lib/guards.ts';
import { ensureFiling } from '../filings/filings.service.ts';
import { registerCall } from '../../lib/register-call.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { ObjectNotFoundError } from '../../lib/storage/object-storage.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { assertDocumentYearOpen } from '../years/closed-years.ts';
import {
  countDocuments,
  deleteDocument,
  findDownload,
  isHeldUntilPaid,
  hasHousehold,
  listDocuments,
  listSummaries,
  recordDocuments,
  SUMMARY_STATUS_LABELS,
} from './documents.service.ts';

export async function documentsRoutes(
  app: FastifyInstance,
  { settings, linkSecret }: { settings: SettingsCache; linkSecret: string },
) {
  const links = createLinkSigner(linkSecret);

  /** The session's client and user: the only identity these calls use. */
  const ownerOf = (request: FastifyRequest) => {
    const user = request.user;
    if (!user?.clientId) throw new AppError('UNAUTHORIZED');
    return { userId: user.id, clientId: user.clientId };
  };
  const filingOf = async (clientId: string) =>
    (await ensureFiling(app.db, clientId, await settings.taxYear())).id;

  /** folderPath must be exactly the session's own `{client_id}/{category}/`; anything else is 403. */
  const ownFolder = (request: FastifyRequest, folderPath: string | undefined) => {
    const folder = parseFolderPath(folderPath ?? '');
    if (!folder || folder.clientId !== ownerOf(request).clientId) throw new AppError('FORBIDDEN');
    return folder;
  };

  /** `location` and `synopsys_file` links open the download route below. */
  const link = (kind: 'document' | 'summary', id: string, userId: string) =>
    clientFileLink(links, kind, id, userId);

  registerCall(app, CALLS.getUploadDocs, async (request) => {
    const { category } = ownFolder(request, request.body.folderPath);
    const { clientId, userId } = ownerOf(request);
    const rows = await listDocuments(app.db, clientId, await filingOf(clientId), category);
    // A household (issue 38) sees who uploaded each file; a client who never invited anyone, the spec's list.
    const byName = await hasHousehold(app.db, clientId);
    return {
      data: {
        Contents: rows.map((row) => ({
          Key: documentKey(request.body.folderPath, row.id, row.originalName),
          Size: row.size,
          location: link('document', row.id, userId),
          ...(byName && row.uploadedBy ? { uploaded_by: row.uploadedBy } : {}),
        })),
      },
    };
  });

  const slotsFull = () =>
    new AppError('CONFLICT', {
      message: MESSAGES.UPLOAD_SLOTS_FULL,
      details: { [UPLOAD_FIELD]: MESSAGES.UPLOAD_SLOTS_FULL },
    });

  /** The folder and the category number must agree, and client_id (when sent) must be the session's. */
  const checkUploadFields = (request: FastifyRequest, fields: Readonly<Record<string, unknown>>) => {
    const folder = ownFolder(
      request,
      typeof fields['folderPath'] === 'string' ? fields['folderPath'] : undefined,
    );
    const clientId = fields['client_id'];
    if (clientId !== undefined && clientId !== '' && clientId !== folder.clientId)
      throw new AppError('FORBIDDEN');
    if (categoryForUptId(Number(fields['upt_id'])) !== folder.category) {
      throw new AppError('VALIDATION_FAILED', {
        message: MESSAGES.UPLOAD_WRONG_FOLDER,
        details: { upt_id: MESSAGES.UPLOAD_WRONG_FOLDER },
      });
    }
    return folder;
  };

  registerCall(
    app,
    CALLS.uploadDocs,
    async (request) => {
      // Checked again on the whole body: a field repeated after the files must not change the folder.
      const { category } = checkUploadFields(request, request.body);
      const files = uploadsOf(request).filter((upload) => upload.field === UPLOAD_FIELD);
      if (files.length === 0) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.UPLOAD_NO_FILES,
          details: { [UPLOAD_FIELD]: MESSAGES.UPLOAD_NO_FILES },
        });
      }
      // A household delegate uploads only with the holder's leave (issue 38).
      assertClientMay(clientActorOf(request), 'upload');
      const { clientId, userId } = ownerOf(request);
      const owner = { clientId, userId, category, filingId: await filingOf(clientId) };
      if (!(await recordDocuments(app.db, owner, files))) throw slotsFull();
      // The rows are committed: whatever happens to the answer now, the files stay.
      keepUploads(request);
      return { message: MESSAGES.UPLOAD_SUCCESS, status_smessage: MESSAGES.UPLOAD_SUCCESS };
    },
    {
      // Per user, before the body is read: a client cannot fill the disk by posting again and again.
      onRequest: limits(app, {
        name: 'upload-user',
        max: 120,
        window: '1 hour',
        key: byUser,
      }),
      // Before any file is stored: a foreign or odd folder, or a full category, is refused with nothing
      // written. The count is checked again, locked, when the rows are written.
      beforeFiles: async (request, fields) => {
        assertClientMay(clientActorOf(request), 'upload');
        const { category } = checkUploadFields(request, fields);
        const { clientId } = ownerOf(request);
        if ((await countDocuments(app.db, clientId, await filingOf(clientId), category)) >= UPLOAD_SLOTS) {
          throw slotsFull();
        }
      },
    },
  );

  registerCall(app, CALLS.deleteUploadDoc, async (request) => {
    const actor = clientActorOf(request);
    // Removing an upload is an upload's right (issue 38: a delegate needs the holder's leave).
    assertClientMay(actor, 'upload');
    // uid is the old client's access token: the user's own id. Anyone else's is refused.
    if (request.body.uid !== actor.userId) throw new AppError('FORBIDDEN');
    const key = parseDocumentKey(request.body.filename);
    if (!key || key.clientId !== actor.clientId) throw new AppError('FORBIDDEN');
    // A closed tax year's document stays as the firm filed it (issue 38): said so, not "not found".
    await assertDocumentYearOpen(app.db, {
      clientId: actor.clientId,
      documentId: key.documentId,
      currentTaxYear: await settings.taxYear(),
    });
    const storageKey = await deleteDocument(
      app.db,
      actor,
      await filingOf(actor.clientId),
      key.documentId,
      key.category,
    );
    if (!storageKey) throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
    await app.storage.delete(storageKey).catch((error: unknown) => {
      // The row is gone, so the file is no longer listed or downloadable; say so for the operator.
      request.log.error({ err: error, storageKey }, 'stored file of a deleted document not removed');
    });
    return { msg: MESSAGES.UPLOAD_DELETED, status_smessage: MESSAGES.UPLOAD_DELETED };
  });

  registerCall(app, CALLS.userSynopsys, async (request) => {
    const { clientId, userId } = ownerOf(request);
    const filingId = await filingOf(clientId);
    const rows = await listSummaries(app.db, clientId, filingId);
    // Held until the year's invoices are paid (the firm's setting): listed, with no link.
    const held = rows.length > 0 && (await isHeldUntilPaid(app.db, clientId, filingId));
    return {
      synopsysinfo: rows.map((row) => ({
        synopsys_title: row.title,
        synopsys_file: held ? '' : link('summary', row.id, userId),
        synopsys_status: SUMMARY_STATUS_LABELS[row.status as keyof typeof SUMMARY_STATUS_LABELS],
        held_until_paid: held,
      })),
    };
  });

  /**
   * A signed link opens the session's own document or published summary, as a download: the type found
   * in its content, never rendered inline, never cached.
   */
  app.get<{ Querystring: { t?: string } }>(
    CLIENT_DOWNLOAD_PATH,
    { onRequest: requireAccess('client'), schema: { hide: true } },
    async (request, reply) => {
      const { clientId, userId } = ownerOf(request);
      // A message attachment's link opens on the messages' own route only.
      const payload = verifiedLink(links, request.query.t, userId, ['document', 'summary']);
      const file = await findDownload(app.db, payload.k, payload.id, clientId);
      if (!file) throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
      // A link made before the hold (or before the invoice was sent) opens nothing while it holds.
      if (file.filingId && (await isHeldUntilPaid(app.db, clientId, file.filingId))) {
        throw new AppError('FORBIDDEN', { message: MESSAGES.SUMMARY_HELD_UNTIL_PAID });
      }
      const body = await app.storage.get(file.storageKey).catch((error: unknown) => {
        if (error instanceof ObjectNotFoundError) {
          throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
        }
        throw error;
      });
      return sendFile(reply, { name: file.name, type: file.contentType, size: file.size, body });
    },
  );
}
