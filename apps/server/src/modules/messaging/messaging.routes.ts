/**
 * Secure messages, the client's side: `account/messages/list|send|read` and the route that opens an
 * attachment. The client comes only from the session (`clientActorOf`); internal notes never reach an answer
 * here. A message's files arrive through the documents pipeline (lib/uploads.ts: streamed, sealed,
 * type-checked by content, under 25 MB; HEIC becomes JPEG), and a failed send keeps none of them.
 */
import { CALLS, MESSAGE_UPLOAD_FIELD, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { clientActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { createLinkSigner, LINK_TTL_MS } from '../../lib/crypto/signed-links.ts';
import { requireAccess } from '../../lib/guards.ts';
import { limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { keepUploads, uploadsOf } from '../../lib/uploads.ts';
import { prepareUploads } from '../requests/requests.upload.service.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';
import { CLIENT_ATTACHMENT_PATH, clientAttachmentLink } from './attachment-links.ts';
import {
  assertHasContent,
  getClientAttachment,
  listClientMessages,
  markClientRead,
  messageTaxYear,
  openStoredAttachment,
  sendClientMessage,
} from './messaging.service.ts';

const KEY_PREFIX = uploadKeyPrefix(CALLS.accountMessagesSend);

export async function messagingRoutes(
  app: FastifyInstance,
  {
    settings,
    keyring,
    linkSecret,
    appUrl,
  }: { settings: SettingsCache; keyring: Keyring; linkSecret: string; appUrl: string },
) {
  const links = createLinkSigner(linkSecret);

  registerCall(app, CALLS.accountMessagesList, async (request) => {
    const actor = clientActorOf(request);
    const list = await listClientMessages({
      db: app.db,
      keyring,
      actor,
      taxYear: request.body.taxy,
      links: (file) => clientAttachmentLink(links, file.id, actor.userId),
    });
    return { ...list, links_ttl_s: Math.floor(LINK_TTL_MS / 1000) };
  });

  registerCall(
    app,
    CALLS.accountMessagesSend,
    async (request) => {
      const actor = clientActorOf(request);
      const files = uploadsOf(request).filter((upload) => upload.field === MESSAGE_UPLOAD_FIELD);
      assertHasContent(request.body.body, files.length);
      const taxYear = await messageTaxYear(settings, request.body.taxy);
      // Keys stored while preparing (converted photos) are removed with the rest if the request fails.
      const created: string[] = [];
      try {
        const prepared = await prepareUploads(app.storage, files, KEY_PREFIX, created, {
          account: actor.userId,
        });
        uploadsOf(request).splice(0, uploadsOf(request).length, ...prepared);
        const messageId = await sendClientMessage({
          db: app.db,
          keyring,
          actor,
          voice: { firm: await settings.firm(), appUrl },
          taxYear,
          body: request.body.body,
          uploads: prepared,
        });
        keepUploads(request);
        return {
          message: MESSAGES.MESSAGE_SENT,
          status_smessage: MESSAGES.MESSAGE_SENT,
          message_id: messageId,
        };
      } catch (error) {
        await Promise.all(created.map((key) => app.storage.delete(key).catch(() => undefined)));
        throw error;
      }
    },
    {
      // Per user, before the body is read: a client cannot fill the disk or the firm's inbox.
      onRequest: limits(app, {
        name: 'message-send-client',
        max: 60,
        window: '1 hour',
        key: (request) => request.user?.id ?? request.ip,
      }),
    },
  );

  registerCall(app, CALLS.accountMessagesRead, async (request) => {
    await markClientRead({ db: app.db, actor: clientActorOf(request) });
    return { message: MESSAGES.MESSAGE_READ, status_smessage: MESSAGES.MESSAGE_READ };
  });

  /**
   * A signed link opens an attachment of the session's own conversation (never a note's), as a download:
   * the type found in its content, never rendered inline, never cached.
   */
  app.get<{ Querystring: { t?: string } }>(
    CLIENT_ATTACHMENT_PATH,
    { onRequest: requireAccess('client'), schema: { hide: true } },
    async (request, reply) => {
      const actor = clientActorOf(request);
      const token = request.query.t;
      const payload = typeof token === 'string' ? links.verify(token) : null;
      if (!payload || payload.k !== 'attachment' || payload.u !== actor.userId) {
        throw new AppError('FORBIDDEN', { message: MESSAGES.DOWNLOAD_LINK_EXPIRED });
      }
      const file = await getClientAttachment(app.db, actor.clientId, payload.id);
      const body = await openStoredAttachment(app.storage, file.storageKey);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
