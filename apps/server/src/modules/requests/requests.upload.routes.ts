/**
 * The checklist's uploads: `account/requests/upload` (files for one of the session client's items) and
 * `account/requests/unlock` (the password of a password-protected PDF just sent). The item is checked on the
 * text fields before the first file is stored, so a foreign or closed item stores nothing.
 */
import { CALLS, MESSAGES, REQUEST_UPLOAD_FIELD } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { AppError } from '../../lib/app-error.ts';
import { limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { openClientItem } from './requests.service.ts';
import { prepareUploads, recordItemUploads, unlockDocument } from './requests.upload.service.ts';

const KEY_PREFIX = uploadKeyPrefix(CALLS.accountRequestsUpload);

export async function requestsUploadRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsCache; keyring: Keyring },
) {
  /** The item must be the session client's, live, this year's, not accepted, while documents are collected. */
  const checkItem = async (itemId: unknown, actor: ReturnType<typeof clientActorOf>) => {
    if (typeof itemId !== 'string' || !/^[0-9a-f-]{36}$/i.test(itemId)) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.REQUEST_ITEM_NOT_FOUND });
    }
    const taxYear = await settings.taxYear();
    await app.db.transaction((tx) => openClientItem(tx, actor, taxYear, itemId));
  };

  registerCall(
    app,
    CALLS.accountRequestsUpload,
    async (request) => {
      const actor = clientActorOf(request);
      const files = uploadsOf(request).filter((upload) => upload.field === REQUEST_UPLOAD_FIELD);
      if (files.length === 0) {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.UPLOAD_NO_FILES,
          details: { [REQUEST_UPLOAD_FIELD]: MESSAGES.UPLOAD_NO_FILES },
        });
      }
      // Keys stored while preparing (converted photos) are removed with the rest if the request fails.
      const created: string[] = [];
      try {
        const prepared = await prepareUploads(app.storage, files, KEY_PREFIX, created, {
          account: actor.userId,
        });
        // The request's own list now names what will be recorded (a converted photo replaces its HEIC).
        uploadsOf(request).splice(0, uploadsOf(request).length, ...prepared);
        const locked = await recordItemUploads({
          db: app.db,
          actor,
          taxYear: await settings.taxYear(),
          itemId: request.body.item_id,
          uploads: prepared,
        });
        keepUploads(request);
        const message = locked.length > 0 ? MESSAGES.REQUEST_PDF_LOCKED : MESSAGES.REQUEST_UPLOADED;
        return {
          message,
          status_smessage: message,
          locked: locked.map((file) => ({ document_id: file.documentId, name: file.name })),
        };
      } catch (error) {
        await Promise.all(created.map((key) => app.storage.delete(key).catch(() => undefined)));
        throw error;
      }
    },
    {
      // Per user, before the body is read.
      onRequest: limits(app, {
        name: 'request-upload-user',
        max: 120,
        window: '1 hour',
        key: (request) => request.user?.id ?? request.ip,
      }),
      // Before any file is stored: a foreign, removed, accepted or closed item stores nothing.
      beforeFiles: async (request, fields) => checkItem(fields['item_id'], clientActorOf(request)),
    },
  );

  registerCall(
    app,
    CALLS.accountRequestsUnlock,
    async (request) => {
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
        key: (request) => request.user?.id ?? request.ip,
      }),
    },
  );
}
