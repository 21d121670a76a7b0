/**
 * Secure messages, the client's calls (identity from the session only): the session client's conversation
 * (never an internal note), marking the firm's messages read, writing to the firm, and one attachment's
 * download. The thread, a message's writing and the conversation's reading are messaging.service.ts, the
 * core both sides share.
 */
import { MESSAGES } from '@taxfirm/contract';
import { and, count, eq, isNull, messageAttachments, messages, users, type Database } from '@taxfirm/db';
import type { ClientActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import type { Upload } from '../../lib/uploads.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { markNotificationsRead } from '../notifications/notifications.service.ts';
import { emit } from '../activity/events.ts';
import {
  ensureThread,
  loadMessages,
  taxYearsOf,
  writeMessage,
  type AttachmentLinks,
  type Viewer,
} from './messaging.service.ts';

/** The firm's messages to this client that the client has not read yet (never an internal note). */
function unreadFromFirm(clientId: string) {
  return and(
    eq(messages.clientId, clientId),
    eq(messages.authorKind, 'staff'),
    eq(messages.internal, false),
    isNull(messages.readAt),
  );
}

/** The session client's conversation (no internal notes), how many of the firm's messages are unread. */
export async function listClientMessages(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number | undefined;
  links: AttachmentLinks;
  keyring: Keyring;
}) {
  const { db, actor } = deps;
  const viewer: Viewer = { kind: 'client', userId: actor.userId };
  const list = await loadMessages(db, {
    clientId: actor.clientId,
    taxYear: deps.taxYear,
    viewer,
    links: deps.links,
    keyring: deps.keyring,
  });
  const [unread] = await db.select({ n: count() }).from(messages).where(unreadFromFirm(actor.clientId));
  return {
    messages: list,
    unread: unread?.n ?? 0,
    tax_years: await taxYearsOf(db, actor.clientId, viewer),
  };
}

/** The client read the conversation: the firm's unread messages are marked read by them (the "Seen"). */
export async function markClientRead(deps: { db: Database; actor: ClientActor }): Promise<void> {
  const { db, actor } = deps;
  await db.transaction(async (tx) => {
    const read = await tx
      .update(messages)
      .set({ readAt: new Date(), readBy: actor.userId })
      .where(unreadFromFirm(actor.clientId))
      .returning({ id: messages.id });
    if (read.length > 0) {
      await audit(tx, { actor, action: 'messages.read', subject: `${read.length} message(s)` });
    }
    // The bell's "You have a new message" entries are read with the messages they announced.
    await markNotificationsRead(tx, actor.clientId, { kind: 'message' });
  });
}

/**
 * The session client writes to the firm: the message, its attachments, the thread opened, the audit row,
 * the analyst's activity feed and their e-mail (who wrote, never what), in one transaction.
 */
export async function sendClientMessage(deps: {
  db: Database;
  actor: ClientActor;
  voice: FirmVoice;
  taxYear: number;
  body: string;
  uploads: readonly Upload[];
  keyring: Keyring;
}): Promise<string> {
  const { db, actor, taxYear } = deps;
  return db.transaction(async (tx) => {
    const thread = await ensureThread(tx, actor.clientId);
    const messageId = await writeMessage(tx, {
      keyring: deps.keyring,
      threadId: thread.id,
      clientId: actor.clientId,
      taxYear,
      from: 'client',
      authorId: actor.userId,
      internal: false,
      body: deps.body,
      uploads: deps.uploads,
    });
    await audit(tx, { actor, action: 'messages.send', subject: messageId });
    const [client] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, actor.userId));
    await emit(tx, {
      type: 'message.sent',
      clientId: actor.clientId,
      taxYear,
      attachments: deps.uploads.length,
      from: client ? `${client.firstName} ${client.lastName}` : 'A client',
      voice: deps.voice,
    });
    return messageId;
  });
}

/**
 * One attachment of the session client's conversation, never of an internal note: its stored key and how to
 * send it, or 404 (another client's, a note's and an unknown one alike).
 */
export async function getClientAttachment(
  db: Pick<Database, 'select'>,
  clientId: string,
  attachmentId: string,
): Promise<{ storageKey: string; name: string; contentType: string; size: number }> {
  const [row] = await db
    .select({
      storageKey: messageAttachments.storageKey,
      name: messageAttachments.originalName,
      contentType: messageAttachments.contentType,
      size: messageAttachments.size,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(
      and(
        eq(messageAttachments.id, attachmentId),
        eq(messageAttachments.clientId, clientId),
        eq(messages.clientId, clientId),
        eq(messages.internal, false),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.MESSAGE_ATTACHMENT_NOT_FOUND });
  return row;
}
