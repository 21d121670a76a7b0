/**
 * The checklist's uploads: `account/requests/upload` (files for one of the session client's items) and
 * `account/requests/unlock` (the password of a password-protected PDF just sent). The item is checked on the
 * text fields before the first file is stored, so a foreign or closed item stores nothing.
 */
import { CALLS, MESSAGES, REQUEST_UPLOAD_FIELD } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { assertClientMay, clientActorOf } from '../../lib/actor.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { AppError } from '../../lib/app-error.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { fieldUploads, withPreparedUploads } from '../../lib/uploads.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { assertDocumentYearOpen, assertRequestItemYearOpen } from '../years/closed-years.ts';
import { openClientItem } from './requests.service.ts';
import { recordItemUploads, unlockDocument } from './requests.upload.service.ts';

const KEY_PREFIX = uploadKeyPrefix(CALLS.accountRequestsUpload);

export async function requestsUploadRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsCache; keyring: Keyring },
) {
  /** The item must be the session client's, live, this year's, not accepted, while documents are collected. */
  const checkItem = async (itemId: unknown, actor: ReturnType<typeof clientActorOf>) => {
    // A household delegate uploads only with the holder's leave (issue 38).
    assertClientMay(actor, 'upload');
    if (typeof itemId !== 'string' || !/^[0-9a-f-]{36}$/i.test(itemId)) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.REQUEST_ITEM_NOT_FOUND });
    }
    const taxYear = await settings.taxYear();
    // A closed tax year's item is read-only (issue 38): said so, before any file is stored.
    await assertRequestItemYearOpen(app.db, { clientId: actor.clientId, itemId, currentTaxYear: taxYear });
    await app.db.transaction((tx) => openClientItem(tx, actor, taxYear, itemId));
  };

  registerCall(
    app,
    CALLS.accountRequestsUpload,
    async (request) => {
      const actor = clientActorOf(request);
      assertClientMay(actor, 'upload');
      if (fieldUploads(request, REQUEST_UPLOAD_FIELD).length === 0) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.UPLOAD_NO_FILES,
          details: { [REQUEST_UPLOAD_FIELD]: MESSAGES.UPLOAD_NO_FILES },
        });
      }
      const upload = { field: REQUEST_UPLOAD_FIELD, keyPrefix: KEY_PREFIX, account: actor.userId };
      return withPreparedUploads(request, app.storage, upload, async (prepared) => {
        const locked = await recordItemUploads({
          db: app.db,
          actor,
          taxYear: await settings.taxYear(),
          itemId: request.body.item_id,
          uploads: prepared,
        });
        const message = locked.length > 0 ? MESSAGES.REQUEST_PDF_LOCKED : MESSAGES.REQUEST_UPLOADED;
        return {
          message,
          status_smessage: message,
          locked: locked.map((file) => ({ document_id: file.documentId, name: file.name })),
        };
      });
    },
    {
      // Per user, before the body is read.
      onRequest: limits(app, {
        name: 'request-upload-user',
        max: 120,
        window: '1 hour',
        key: byUser,
      }),
      // Before any file is stored: a foreign, removed, accepted or closed item stores nothing.
      beforeFiles: async (request, fields) => checkItem(fields['item_id'], clientActorOf(request)),
    },
  );

  registerCall(
    app,
    CALLS.accountRequestsUnlock,
    async (request) => {
      // Unlocking an uploaded statement is part of uploading (issue 38: a delegate needs the holder's leave).
      assertClientMay(clientActorOf(request), 'upload');
      await assertDocumentYearOpen(app.db, {
        clientId: clientActorOf(request).clientId,
        documentId: request.body.document_id,
        currentTaxYear: await settings.taxYear(),
      });
      await unlockDocument({
        db: app.db,
        storage: app.storage,
        actor: clientActorOf(request),
        documentId: request.body.document_id,
        password: request.body.password,
        keyPrefix: KEY_PREFIX,
      });
      const message = MESSAGES.REQUEST_PDF_UNLOCKED;
      return { message, status_smessage: message };
    },
    {
      // Guessing a statement's password is refused after a few tries an hour.
      onRequest: limits(app, {
        name: 'request-unlock-user',
        max: 10,
        window: '1 hour',
        key: byUser,
      }),
    },
  );
}
