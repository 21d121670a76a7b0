/**
 * Secure messages, the client's side: `account/messages/list|send|read` and the route that opens an
 * attachment. The client comes only from the session (`clientActorOf`); internal notes never reach an answer
 * here. A message's files arrive through the documents pipeline (lib/uploads.ts: streamed, sealed,
 * type-checked by content, under 25 MB; HEIC becomes JPEG), and a failed send keeps none of them.
 */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance } from 'fastify';
import { assertClientMay, clientActorOf } from '../../lib/actor.ts';
import { createLinkSigner, LINK_TTL_MS } from '../../lib/crypto/signed-links.ts';
import { sendFile, verifiedLink } from '../../lib/downloads.ts';
import { requireAccess } from '../../lib/guards.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { CLIENT_ATTACHMENT_PATH, clientAttachmentLink } from './attachment-links.ts';
import { withMessageUploads, type MessagingRouteOptions } from './message-send.ts';
import { openStoredAttachment } from './messaging.service.ts';
import {
  getClientAttachment,
  listClientMessages,
  markClientRead,
  sendClientMessage,
} from './messaging.client.service.ts';

const KEY_PREFIX = uploadKeyPrefix(CALLS.accountMessagesSend);

export async function messagingRoutes(app: FastifyInstance, options: MessagingRouteOptions) {
  const { keyring, linkSecret } = options;
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
      // A household delegate sends only with the holder's leave (issue 38).
      assertClientMay(actor, 'message');
      const message = { ...request.body, keyPrefix: KEY_PREFIX, account: actor.userId };
      return withMessageUploads(app, request, options, message, async ({ taxYear, uploads, voice }) => {
        const messageId = await sendClientMessage({
          db: app.db,
          keyring,
          actor,
          voice: await voice(),
          taxYear,
          body: request.body.body,
          uploads,
        });
        return {
          message: MESSAGES.MESSAGE_SENT,
          status_smessage: MESSAGES.MESSAGE_SENT,
          message_id: messageId,
        };
      });
    },
    {
      // Per user, before the body is read: a client cannot fill the disk or the firm's inbox.
      onRequest: limits(app, {
        name: 'message-send-client',
        max: 60,
        window: '1 hour',
        key: byUser,
      }),
      // Before any attachment is stored: a delegate without the right stores nothing.
      beforeFiles: async (request) => assertClientMay(clientActorOf(request), 'message'),
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
      const payload = verifiedLink(links, request.query.t, actor.userId, ['attachment']);
      const file = await getClientAttachment(app.db, actor.clientId, payload.id);
      const body = await openStoredAttachment(app.storage, file.storageKey);
      return sendFile(reply, { name: file.name, type: file.contentType, size: file.size, body });
    },
  );
}
