/**
 * Secure messages: the one conversation between a client and the firm (`message_threads`, one per client;
 * the tax year is a filter on its messages). This file is the core both sides share: the thread made at the
 * first message, a message written with its attachments (a staff member's too), the rows turned into the
 * API's shape for one viewer. The client's own calls are messaging.client.service.ts. A message is plain text: it is stored and answered as it was typed,
 * and no e-mail ever carries it. Internal notes are filtered out in SQL for every client answer.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, type MessageAttachment, type ThreadMessage, type ThreadStatus } from '@taxfirm/contract';
import {
  alias,
  and,
  asc,
  documents,
  eq,
  inArray,
  messageAttachments,
  messages,
  messageThreads,
  requestItems,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { messageFromFirm, type FirmVoice } from '../notifications/client-events.ts';
import type { SettingsCache } from '../settings/settings.cache.ts';

/** A database or a transaction. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update'>;

/** "Asha R.": how a staff member signs a message (first name and last initial). */
export const staffName = (first: string, last: string) =>
  last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;

/**
 * Refuse a message with neither text nor files (422). Checked before anything is written; the text arrives
 * trimmed from the contract's schema.
 */
export function assertHasContent(body: string, files: number): void {
  if (body === '' && files === 0) {
    throw new AppError('UNPROCESSABLE', {
      message: MESSAGES.MESSAGE_EMPTY,
      details: { body: MESSAGES.MESSAGE_EMPTY },
    });
  }
}

/**
 * The tax year a new message is filed under: the one asked for, if it is one of the firm's years (first to
 * current), else refused; without one, the current year. (A message dated long ago would skip the file's
 * analyst and fall under the retention rule early.)
 */
export async function messageTaxYear(
  settings: Pick<SettingsCache, 'taxYears'>,
  requested: number | undefined,
): Promise<number> {
  const { first, current } = await settings.taxYears();
  if (requested === undefined) return current;
  if (requested < first || requested > current) {
    throw new AppError('UNPROCESSABLE', {
      message: MESSAGES.MESSAGE_TAX_YEAR_INVALID,
      details: { taxy: MESSAGES.MESSAGE_TAX_YEAR_INVALID },
    });
  }
  return requested;
}

/** The client's thread, made at the first message of either side, locked for the caller's transaction. */
export async function ensureThread(tx: Tx, clientId: string): Promise<{ id: string; status: ThreadStatus }> {
  await tx
    .insert(messageThreads)
    .values({ clientId })
    .onConflictDoNothing({ target: messageThreads.clientId });
  const [thread] = await tx
    .select({ id: messageThreads.id, status: messageThreads.status })
    .from(messageThreads)
    .where(eq(messageThreads.clientId, clientId))
    .for('update');
  if (!thread) throw new Error('message thread missing after insert');
  return thread;
}

/**
 * A message's text is sealed by the keyring like an identity number (clients do type SSNs into messages), bound
 * to its client, row and column; it is opened only to answer the conversation to its readers.
 */
export const bodyContext = (clientId: string, messageId: string) =>
  `message-body|messages|${clientId}/${messageId}|body`;
export const sealBody = (keyring: Keyring, clientId: string, messageId: string, body: string) =>
  keyring.seal(Buffer.from(body, 'utf8'), bodyContext(clientId, messageId));
export const openBody = (keyring: Keyring, clientId: string, messageId: string, sealed: string) =>
  keyring.open(sealed, bodyContext(clientId, messageId)).toString('utf8');

/**
 * Write one message and its attachments (already stored and checked) into the locked thread, and move the
 * thread: a client's message opens it, a staff reply waits on the client, a note changes neither its status
 * nor its order (the inbox orders by what the client can see). Answers the message's id.
 */
export async function writeMessage(
  tx: Tx,
  message: {
    threadId: string;
    clientId: string;
    taxYear: number;
    from: 'client' | 'staff';
    authorId: string;
    internal: boolean;
    body: string;
    uploads: readonly Upload[];
    keyring: Keyring;
  },
): Promise<string> {
  // The id is chosen here: the sealed text is bound to its row.
  const id = randomUUID();
  const [row] = await tx
    .insert(messages)
    .values({
      id,
      threadId: message.threadId,
      clientId: message.clientId,
      taxYear: message.taxYear,
      authorKind: message.from,
      authorId: message.authorId,
      internal: message.internal,
      body: sealBody(message.keyring, message.clientId, id, message.body),
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('message not written');
  if (message.uploads.length > 0) {
    // One millisecond apart: the attachments list in the order they were sent.
    const sentAt = Date.now();
    await tx.insert(messageAttachments).values(
      message.uploads.map((upload, index) => ({
        createdAt: new Date(sentAt + index),
        messageId: row.id,
        clientId: message.clientId,
        originalName: upload.originalName,
        size: upload.size,
        contentType: upload.type,
        storageKey: upload.key,
        sha256: upload.sha256,
      })),
    );
  }
  const now = new Date();
  await tx
    .update(messageThreads)
    .set(
      message.internal
        ? { updatedAt: now }
        : { status: message.from === 'client' ? 'open' : 'waiting', lastMessageAt: now, updatedAt: now },
    )
    .where(eq(messageThreads.id, message.threadId));
  return row.id;
}

// ---------------------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------------------

/** Who reads the conversation: the client (no notes, staff by name) or a staff member (everything). */
/**
 * Who reads the conversation. A client viewer's `userId` is the session's login: in a household (issue 38) a
 * message is "You" only for its author, and the other members' messages carry their names.
 */
export type Viewer = { kind: 'client'; userId?: string } | { kind: 'staff'; userId: string };

/** The links of one attachment, made by the caller for its viewer (attachment-links.ts). */
export type AttachmentLinks = (attachment: { id: string; contentType: string }) => {
  download_url: string;
  preview_url?: string | null;
};

const author = alias(users, 'author');
const reader = alias(users, 'reader');

/**
 * The conversation as `viewer` sees it, oldest first: one tax year's messages or every year's. Internal notes
 * are left out in the query itself for a client.
 */
export async function loadMessages(
  db: Pick<Database, 'select'>,
  query: {
    clientId: string;
    taxYear?: number | undefined;
    viewer: Viewer;
    links: AttachmentLinks;
    keyring: Keyring;
  },
): Promise<ThreadMessage[]> {
  const { clientId, viewer } = query;
  const rows = await db
    .select({
      id: messages.id,
      from: messages.authorKind,
      authorId: messages.authorId,
      internal: messages.internal,
      body: messages.body,
      taxYear: messages.taxYear,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      authorFirst: author.firstName,
      authorLast: author.lastName,
      readerFirst: reader.firstName,
    })
    .from(messages)
    .leftJoin(author, eq(author.id, messages.authorId))
    .leftJoin(reader, eq(reader.id, messages.readBy))
    .where(
      and(
        eq(messages.clientId, clientId),
        viewer.kind === 'client' ? eq(messages.internal, false) : undefined,
        query.taxYear === undefined ? undefined : eq(messages.taxYear, query.taxYear),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const attachments = await loadAttachments(
    db,
    clientId,
    rows.map((row) => row.id),
    viewer,
    query.links,
  );
  return rows.map((row) => {
    const authorName =
      row.authorFirst === null
        ? null
        : row.from === 'staff'
          ? staffName(row.authorFirst, row.authorLast ?? '')
          : `${row.authorFirst} ${row.authorLast ?? ''}`.trim();
    const isOwn =
      viewer.kind === 'client'
        ? row.from === 'client' &&
          (viewer.userId === undefined || row.authorId === null || row.authorId === viewer.userId)
        : row.from === 'staff' && row.authorId === viewer.userId;
    // A receipt is the other side's: the client sees who at the firm read their message; staff see both.
    const showsSeen = !row.internal && (viewer.kind === 'staff' || row.from === 'client');
    return {
      message_id: row.id,
      from: row.from,
      author: isOwn ? 'You' : (authorName ?? (row.from === 'staff' ? 'The firm' : 'Client')),
      internal: row.internal,
      body: openBody(query.keyring, clientId, row.id, row.body),
      tax_year: row.taxYear,
      created_at: row.createdAt.toISOString(),
      seen:
        showsSeen && row.readAt
          ? {
              by: row.readerFirst ?? (row.from === 'client' ? 'The firm' : 'Client'),
              at: row.readAt.toISOString(),
            }
          : null,
      attachments: attachments.get(row.id) ?? [],
    };
  });
}

/** The attachments of the listed messages, by message; staff also see where each was filed. */
async function loadAttachments(
  db: Pick<Database, 'select'>,
  clientId: string,
  messageIds: string[],
  viewer: Viewer,
  links: AttachmentLinks,
): Promise<Map<string, MessageAttachment[]>> {
  const byMessage = new Map<string, MessageAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      name: messageAttachments.originalName,
      size: messageAttachments.size,
      contentType: messageAttachments.contentType,
      filedCategory: documents.category,
      filedItem: requestItems.title,
    })
    .from(messageAttachments)
    .leftJoin(documents, eq(documents.id, messageAttachments.filedDocumentId))
    .leftJoin(requestItems, eq(requestItems.id, documents.requestItemId))
    .where(and(eq(messageAttachments.clientId, clientId), inArray(messageAttachments.messageId, messageIds)))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
  for (const row of rows) {
    const listed: MessageAttachment = {
      attachment_id: row.id,
      name: row.name,
      size: row.size,
      content_type: row.contentType,
      ...links(row),
      ...(viewer.kind === 'staff'
        ? {
            filed_as:
              row.filedItem ?? (row.filedCategory === null ? null : `Documents · ${row.filedCategory}`),
          }
        : {}),
    };
    const list = byMessage.get(row.messageId) ?? [];
    list.push(listed);
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** The tax years the conversation has messages in (a client's view leaves notes out), newest first. */
export async function taxYearsOf(
  db: Pick<Database, 'selectDistinct'>,
  clientId: string,
  viewer: Viewer,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ taxYear: messages.taxYear })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        viewer.kind === 'client' ? eq(messages.internal, false) : undefined,
      ),
    )
    .orderBy(sql`${messages.taxYear} desc`);
  return rows.map((row) => row.taxYear);
}

/** Open a stored attachment (404 when its object is gone). */
export const openStoredAttachment = (storage: ObjectStorage, key: string) =>
  storage.get(key).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.MESSAGE_ATTACHMENT_NOT_FOUND });
    }
    throw error;
  });

/** A staff member's reply or note to a client, as the services take it. */
export type StaffMessage = {
  actor: StaffActor;
  voice: FirmVoice;
  clientId: string;
  taxYear: number;
  internal: boolean;
  body: string;
  uploads: readonly Upload[];
  keyring: Keyring;
};

/**
 * A staff member writes in a client's thread (the filing already checked by the caller, in `tx`): a reply
 * tells the client there is a message (e-mail and bell, never the text); a note tells nobody.
 */
export async function writeStaffMessage(tx: Tx, deps: StaffMessage): Promise<string> {
  const { actor, clientId } = deps;
  const thread = await ensureThread(tx, clientId);
  const messageId = await writeMessage(tx, {
    keyring: deps.keyring,
    threadId: thread.id,
    clientId,
    taxYear: deps.taxYear,
    from: 'staff',
    authorId: actor.userId,
    internal: deps.internal,
    body: deps.body,
    uploads: deps.uploads,
  });
  await audit(tx, {
    actor,
    action: deps.internal ? 'staff.messages.note' : 'staff.messages.send',
    clientId,
    subject: messageId,
  });
  if (!deps.internal) await messageFromFirm(tx, deps.voice, { clientId });
  return messageId;
}
