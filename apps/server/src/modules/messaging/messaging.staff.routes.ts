/**
 * Secure messages in the staff console: `staff/messages/inbox|thread|send|status|file|canned` and the route
 * that opens an attachment. Staff calls need a staff session (the call table's access); the services check
 * the file-assignment rules. Attachment links are short-lived, signed for the staff member who listed them,
 * and checked again when opened.
 */
import { CALLS, MESSAGES } from '@taxfirm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffActorOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createStaffLinkSigner, LINK_TTL_MS } from '../../lib/crypto/signed-links.ts';
import { sendFile, verifiedLink } from '../../lib/downloads.ts';
import { requireAccess } from '../../lib/guards.ts';
import { byUser, limits } from '../../lib/rate-limit.ts';
import { registerCall } from '../../lib/register-call.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { isPreviewable } from '../documents/documents.staff.service.ts';
import { staffAccessLimit } from '../filings/access-limits.staff.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { STAFF_ATTACHMENT_PATH, staffAttachmentLinks } from './attachment-links.ts';
import { withMessageUploads, type MessagingRouteOptions } from './message-send.ts';
import { messageTaxYear } from './messaging.service.ts';
import { manageCanned } from './canned-replies.staff.service.ts';
import { fileAttachment, openStaffAttachment } from './message-attachments.staff.service.ts';
import { listInbox, openThread, sendStaffMessage, setThreadStatus } from './messaging.staff.service.ts';

const KEY_PREFIX = uploadKeyPrefix(CALLS.staffMessagesSend);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function messagingStaffRoutes(app: FastifyInstance, options: MessagingRouteOptions) {
  const { settings, keyring, linkSecret } = options;
  const links = createStaffLinkSigner(linkSecret);
  /** Attachment downloads count with the staff member's document downloads (F-04). */
  const downloadLimit = staffAccessLimit(app, 'download', settings);

  registerCall(app, CALLS.staffMessagesInbox, async (request) => {
    const { page, ...rest } = request.body;
    return listInbox({
      db: app.db,
      actor: staffActorOf(request),
      taxYear: await settings.taxYear(),
      filters: { ...rest, page },
    });
  });

  registerCall(app, CALLS.staffMessagesThread, async (request) => {
    const actor = staffActorOf(request);
    const thread = await openThread({
      db: app.db,
      keyring,
      actor,
      clientId: request.body.client_id,
      taxYear: request.body.taxy,
      currentTaxYear: await settings.taxYear(),
      links: (file) => staffAttachmentLinks(links, file, actor.userId),
    });
    return { ...thread, links_ttl_s: Math.floor(LINK_TTL_MS / 1000) };
  });

  /** Before any file is stored: a client this staff member may not work stores nothing. */
  const checkSendFields = async (request: FastifyRequest, fields: Readonly<Record<string, string>>) => {
    const clientId = fields['client_id'];
    if (typeof clientId !== 'string' || !UUID.test(clientId)) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
    }
    const year = Number(fields['taxy']);
    const taxYear = await messageTaxYear(settings, Number.isInteger(year) && year > 0 ? year : undefined);
    await getWorkableFiling(app.db, staffActorOf(request), { clientId, taxYear });
  };

  registerCall(
    app,
    CALLS.staffMessagesSend,
    async (request) => {
      const actor = staffActorOf(request);
      const { body } = request;
      const message = { ...body, keyPrefix: KEY_PREFIX, account: actor.userId };
      return withMessageUploads(app, request, options, message, async ({ taxYear, uploads, voice }) => {
        const messageId = await sendStaffMessage({
          db: app.db,
          keyring,
          actor,
          voice: await voice(),
          clientId: body.client_id,
          taxYear,
          internal: body.internal,
          body: body.body,
          uploads,
        });
        const message = body.internal ? MESSAGES.MESSAGE_NOTE_SAVED : MESSAGES.MESSAGE_SENT;
        return { message, status_smessage: message, message_id: messageId };
      });
    },
    {
      onRequest: limits(app, {
        name: 'message-send-staff',
        max: 300,
        window: '1 hour',
        key: byUser,
      }),
      beforeFiles: checkSendFields,
    },
  );

  registerCall(app, CALLS.staffMessagesStatus, async (request) => {
    await setThreadStatus({
      db: app.db,
      actor: staffActorOf(request),
      clientId: request.body.client_id,
      taxYear: await settings.taxYear(),
      status: request.body.status,
    });
    return { message: MESSAGES.MESSAGE_STATUS_SAVED, status_smessage: MESSAGES.MESSAGE_STATUS_SAVED };
  });

  registerCall(app, CALLS.staffMessagesFile, async (request) => {
    await fileAttachment({
      db: app.db,
      storage: app.storage,
      actor: staffActorOf(request),
      currentTaxYear: await settings.taxYear(),
      // Under the staff uploads' prefix, which the orphan sweeper lists: a copy whose rows were never written
      // (a crash in between) is removed like any unreferenced upload.
      keyPrefix: KEY_PREFIX,
      input: request.body,
    });
    return { message: MESSAGES.MESSAGE_ATTACHMENT_FILED, status_smessage: MESSAGES.MESSAGE_ATTACHMENT_FILED };
  });

  registerCall(app, CALLS.staffMessagesCanned, async (request) => {
    const result = await manageCanned({ db: app.db, actor: staffActorOf(request), input: request.body });
    return { ...result, status_smessage: result.message ?? MESSAGES.SUCCESS };
  });

  /** One attachment: shown in the browser (`inline=1`, PDFs and images only) or saved; never cached. */
  app.get<{ Querystring: { t?: string; inline?: string } }>(
    STAFF_ATTACHMENT_PATH,
    { onRequest: requireAccess('staff'), preHandler: downloadLimit, schema: { hide: true } },
    async (request, reply) => {
      const actor = staffActorOf(request);
      const payload = verifiedLink(links, request.query.t, actor.userId, ['attachment']);
      const file = await openStaffAttachment({
        db: app.db,
        storage: app.storage,
        actor,
        attachmentId: payload.id,
        currentTaxYear: await settings.taxYear(),
      });
      return sendFile(
        reply,
        { name: file.name, type: file.contentType, size: file.size, body: file.body },
        { inline: request.query.inline === '1' && isPreviewable(file.contentType) },
      );
    },
  );
}
