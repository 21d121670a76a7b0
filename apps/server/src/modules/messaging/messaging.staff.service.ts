/**
 * Secure messages in the staff console: the inbox, a client's thread (notes included; reading it marks the
 * client's messages seen, audited every time), a reply or an internal note, the thread's status, filing an
 * attachment into the client's documents or a checklist item, and the canned replies. The file-assignment
 * rules are the filing's (`getWorkableFiling`, review F-04): an analyst works only the clients whose filing
 * is assigned to them, admins every client.
 */
import { randomUUID } from 'node:crypto';
import {
  categoryOfItemType,
  MESSAGES,
  type DocumentCategory,
  type InboxThread,
  type ThreadStatus,
} from '@taxfirm/contract';
import {
  alias,
  and,
  asc,
  cannedReplies,
  clients,
  count,
  desc,
  eq,
  filings,
  inArray,
  isNull,
  messageAttachments,
  messages,
  messageThreads,
  requestItems,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { searchIn } from '../../lib/paged-query.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { getWorkableFiling, workableFilingsWhere, type Filing } from '../filings/filings.service.ts';
import type { FirmVoice } from '../notifications/client-events.ts';
import { insertDocuments } from '../documents/documents.service.ts';
import { isCollecting, markItemUploaded } from '../requests/request-items.ts';
import { liveItem } from '../requests/requests.staff.service.ts';
import {
  loadMessages,
  openStoredAttachment,
  taxYearsOf,
  writeStaffMessage,
  type AttachmentLinks,
  type Viewer,
} from './messaging.service.ts';

type Reader = Pick<Database, 'select'>;

export const INBOX_PAGE_SIZE = 25;

/**
 * The client's filing this staff member may work, tried for each of `years` in turn (an attachment's tax year,
 * then the current one); the first year's refusal when none is workable.
 */
async function workableFilingOf(
  db: Reader,
  actor: StaffActor,
  clientId: string,
  years: number[],
): Promise<Filing> {
  let refusal: unknown = null;
  for (const taxYear of new Set(years)) {
    try {
      return await getWorkableFiling(db, actor, { clientId, taxYear });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal ??= error;
    }
  }
  throw refusal ?? new AppError('NOT_FOUND', { message: MESSAGES.CLIENT_NOT_FOUND });
}

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

// ---------------------------------------------------------------------------------------------------------
// Inbox
// ---------------------------------------------------------------------------------------------------------

const assignee = alias(users, 'assignee');
const owner = alias(users, 'owner');
const fullName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

/** Whether the thread has client messages no staff member has read yet (the order's first key, indexed). */
const hasUnread = sql<boolean>`(${messageThreads.unreadCount} > 0)`;
/** Who wrote the newest message the client can see. */
const lastFromOfThread = sql<
  'client' | 'staff' | null
>`(select ${messages.authorKind} from ${messages} where ${messages.clientId} = ${messageThreads.clientId} and ${messages.internal} = false order by ${messages.createdAt} desc limit 1)`;

export type InboxFilters = {
  analyst?: string | undefined;
  status?: ThreadStatus | undefined;
  unread_only?: boolean | undefined;
  q?: string | undefined;
  page: number;
};

/**
 * The conversations this staff member may work (an analyst: clients whose current-year filing is assigned
 * to them; an admin: all), filtered, unread first then the newest, one page; with the count of threads
 * with unread messages (the console's badge) and the staff to filter by.
 */
export async function listInbox(deps: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  filters: InboxFilters;
}) {
  const { db, actor, filters } = deps;
  const scope = workableFilingsWhere(actor, { clientsJoined: true });
  const analyst =
    filters.analyst === undefined
      ? undefined
      : filters.analyst === 'unassigned'
        ? isNull(filings.assignedTo)
        : eq(filings.assignedTo, filters.analyst);
  const matching = and(
    scope,
    analyst,
    filters.status ? eq(messageThreads.status, filters.status) : undefined,
    filters.unread_only ? hasUnread : undefined,
    searchIn(filters.q, [fullName, owner.email, clients.fileNumber], [clients.phone]),
  );
  const countThreads = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ n: count() })
      .from(messageThreads)
      .innerJoin(clients, eq(clients.id, messageThreads.clientId))
      .innerJoin(owner, eq(owner.id, clients.userId))
      .leftJoin(
        filings,
        and(eq(filings.clientId, messageThreads.clientId), eq(filings.taxYear, deps.taxYear)),
      )
      .where(where);
    return row?.n ?? 0;
  };
  const rows = await db
    .select({
      clientId: messageThreads.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
      status: messageThreads.status,
      assigneeId: assignee.id,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      unread: messageThreads.unreadCount,
      lastMessageAt: messageThreads.lastMessageAt,
      lastFrom: lastFromOfThread,
    })
    .from(messageThreads)
    .innerJoin(clients, eq(clients.id, messageThreads.clientId))
    .innerJoin(owner, eq(owner.id, clients.userId))
    .leftJoin(filings, and(eq(filings.clientId, messageThreads.clientId), eq(filings.taxYear, deps.taxYear)))
    .leftJoin(assignee, eq(assignee.id, filings.assignedTo))
    .where(matching)
    .orderBy(desc(hasUnread), desc(messageThreads.lastMessageAt), asc(messageThreads.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((filters.page - 1) * INBOX_PAGE_SIZE);
  const analysts = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.role, ['analyst', 'admin']), isNull(users.deactivatedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const threads: InboxThread[] = rows.map((row) => ({
    client_id: row.clientId,
    name: nameOf(row.firstName, row.lastName),
    file_number: row.fileNumber,
    status: row.status,
    analyst:
      row.assigneeId === null
        ? null
        : { user_id: row.assigneeId, name: nameOf(row.assigneeFirst ?? '', row.assigneeLast ?? '') },
    unread: Number(row.unread),
    last_message_at: row.lastMessageAt.toISOString(),
    last_from: row.lastFrom ?? 'staff',
  }));
  return {
    threads,
    total: await countThreads(matching),
    page: filters.page,
    page_size: INBOX_PAGE_SIZE,
    unread_threads: await countThreads(and(scope, hasUnread)),
    analysts: analysts.map((a) => ({ user_id: a.id, name: nameOf(a.firstName, a.lastName) })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// A thread
// ---------------------------------------------------------------------------------------------------------

/** Every canned reply, by title. */
async function listCanned(db: Reader) {
  const rows = await db
    .select({ reply_id: cannedReplies.id, title: cannedReplies.title, body: cannedReplies.body })
    .from(cannedReplies)
    .orderBy(asc(cannedReplies.title));
  return rows;
}

/**
 * A client's conversation for staff who may work the filing of `taxYear` (the current year's when none is
 * asked; `taxYear` also filters the messages). Reading it marks the shown client messages read by this staff
 * member, and every read is audited, even with nothing new.
 */
export async function openThread(deps: {
  db: Database;
  actor: StaffActor;
  clientId: string;
  taxYear: number | undefined;
  currentTaxYear: number;
  links: AttachmentLinks;
  keyring: Keyring;
}) {
  const { db, actor, clientId } = deps;
  const filing = await db.transaction(async (tx) => {
    const workable = await getWorkableFiling(tx, actor, {
      clientId,
      taxYear: deps.taxYear ?? deps.currentTaxYear,
    });
    const read = await tx
      .update(messages)
      .set({ readAt: new Date(), readBy: actor.userId })
      .where(
        and(
          eq(messages.clientId, clientId),
          eq(messages.authorKind, 'client'),
          isNull(messages.readAt),
          deps.taxYear === undefined ? undefined : eq(messages.taxYear, deps.taxYear),
        ),
      )
      .returning({ id: messages.id });
    await audit(tx, {
      actor,
      action: 'staff.messages.read',
      clientId,
      subject: `${read.length} new message${read.length === 1 ? '' : 's'}`,
    });
    return workable;
  });
  const [client] = await db
    .select({ firstName: clients.firstName, lastName: clients.lastName, fileNumber: clients.fileNumber })
    .from(clients)
    .where(eq(clients.id, clientId));
  const [thread] = await db
    .select({ status: messageThreads.status })
    .from(messageThreads)
    .where(eq(messageThreads.clientId, clientId));
  const [analyst] = filing.assignedTo
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, filing.assignedTo))
    : [];
  const viewer: Viewer = { kind: 'staff', userId: actor.userId };
  const items = await db
    .select({ item_id: requestItems.id, title: requestItems.title })
    .from(requestItems)
    .where(
      and(
        eq(requestItems.filingId, filing.id),
        eq(requestItems.clientId, clientId),
        isNull(requestItems.removedAt),
      ),
    )
    .orderBy(asc(requestItems.position));
  return {
    client: {
      client_id: clientId,
      name: client ? nameOf(client.firstName, client.lastName) : '',
      file_number: client?.fileNumber ?? null,
    },
    status: thread?.status ?? 'open',
    analyst: analyst ? { user_id: analyst.id, name: nameOf(analyst.firstName, analyst.lastName) } : null,
    messages: await loadMessages(db, {
      clientId,
      taxYear: deps.taxYear,
      viewer,
      links: deps.links,
      keyring: deps.keyring,
    }),
    tax_years: await taxYearsOf(db, clientId, viewer),
    canned: await listCanned(db),
    items,
  };
}

/**
 * A reply to the client or an internal note (`internal`), by staff who may work the client's filing of
 * `taxYear`: checked on the share-locked filing in the transaction that writes the message.
 */
export async function sendStaffMessage(deps: {
  db: Database;
  actor: StaffActor;
  voice: FirmVoice;
  clientId: string;
  taxYear: number;
  internal: boolean;
  body: string;
  uploads: readonly Upload[];
  keyring: Keyring;
}): Promise<string> {
  const { db, ...message } = deps;
  return db.transaction(async (tx) => {
    await getWorkableFiling(tx, deps.actor, { clientId: deps.clientId, taxYear: deps.taxYear }, 'share');
    return writeStaffMessage(tx, message);
  });
}

/** Set where the conversation stands (audited), for staff who may work the client's current filing. */
export async function setThreadStatus(deps: {
  db: Database;
  actor: StaffActor;
  clientId: string;
  taxYear: number;
  status: ThreadStatus;
}): Promise<void> {
  const { actor, clientId } = deps;
  await deps.db.transaction(async (tx) => {
    await getWorkableFiling(tx, actor, { clientId, taxYear: deps.taxYear });
    const [thread] = await tx
      .select({ id: messageThreads.id, status: messageThreads.status })
      .from(messageThreads)
      .where(eq(messageThreads.clientId, clientId))
      .for('update');
    if (!thread) throw new AppError('NOT_FOUND', { message: MESSAGES.MESSAGE_THREAD_NOT_FOUND });
    await tx
      .update(messageThreads)
      .set({ status: deps.status, updatedAt: new Date() })
      .where(eq(messageThreads.id, thread.id));
    await audit(tx, {
      actor,
      action: 'staff.messages.status',
      clientId,
      subject: `${thread.status} -> ${deps.status}`,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Attachments
// ---------------------------------------------------------------------------------------------------------

const attachmentNotFound = () =>
  new AppError('NOT_FOUND', { message: MESSAGES.MESSAGE_ATTACHMENT_NOT_FOUND });

async function findAttachment(db: Reader, attachmentId: string) {
  const [row] = await db
    .select({
      id: messageAttachments.id,
      clientId: messageAttachments.clientId,
      taxYear: messages.taxYear,
      storageKey: messageAttachments.storageKey,
      name: messageAttachments.originalName,
      contentType: messageAttachments.contentType,
      size: messageAttachments.size,
      filedDocumentId: messageAttachments.filedDocumentId,
      internal: messages.internal,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, attachmentId), eq(messages.clientId, messageAttachments.clientId)));
  if (!row) throw attachmentNotFound();
  return row;
}

/**
 * An attachment's bytes for staff who may work the client's filing (of the message's tax year or the
 * current one); audited once it opens, like a document.
 */
export async function openStaffAttachment(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: StaffActor;
  attachmentId: string;
  currentTaxYear: number;
}) {
  const file = await findAttachment(deps.db, deps.attachmentId);
  await workableFilingOf(deps.db, deps.actor, file.clientId, [file.taxYear, deps.currentTaxYear]);
  const body = await openStoredAttachment(deps.storage, file.storageKey);
  try {
    await audit(deps.db, {
      actor: deps.actor,
      action: 'staff.messages.attachment.download',
      clientId: file.clientId,
      subject: file.id,
    });
  } catch (error) {
    body.destroy();
    throw error;
  }
  return { name: file.name, contentType: file.contentType, size: file.size, body };
}

export type FileTarget =
  | { target: 'documents'; attachment_id: string; category: DocumentCategory }
  | { target: 'item'; attachment_id: string; item_id: string };

const alreadyFiled = () => new AppError('CONFLICT', { message: MESSAGES.MESSAGE_ATTACHMENT_ALREADY_FILED });

/**
 * File a copy of an attachment: into the client's documents (a category) or one of their checklist items
 * (the item moves to "uploaded" with its history, as when the client uploads it). The stored object is
 * copied first, under `keyPrefix`, then the document row, the item and the attachment's link to its copy
 * are written in one transaction; a copy whose rows were not written is removed again.
 */
export async function fileAttachment(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: StaffActor;
  currentTaxYear: number;
  keyPrefix: string;
  input: FileTarget;
}): Promise<void> {
  const { db, storage, actor, input } = deps;
  const file = await findAttachment(db, input.attachment_id);
  // Checked before any copy is made: a foreign file or a filed attachment stores nothing. The staff member must
  // be able to see the attachment itself (its message's year or the current one), whatever the target.
  const filingOfFile = await workableFilingOf(db, actor, file.clientId, [file.taxYear, deps.currentTaxYear]);
  // A document is the client's to see: a note's attachment (a workpaper) stays with the note.
  if (file.internal) {
    throw new AppError('CONFLICT', { message: MESSAGES.MESSAGE_NOTE_ATTACHMENT_STAYS });
  }
  let filing: Filing;
  if (input.target === 'documents') {
    filing = filingOfFile;
  } else {
    const [item] = await db
      .select({ filingId: requestItems.filingId })
      .from(requestItems)
      .where(
        and(
          eq(requestItems.id, input.item_id),
          eq(requestItems.clientId, file.clientId),
          isNull(requestItems.removedAt),
        ),
      );
    if (!item) throw new AppError('NOT_FOUND', { message: MESSAGES.REQUEST_ITEM_NOT_FOUND });
    filing = await getWorkableFiling(db, actor, { filingId: item.filingId });
  }
  if (file.filedDocumentId) throw alreadyFiled();

  const key = `${deps.keyPrefix}${randomUUID()}`;
  const stored = await storage.put(key, await openStoredAttachment(storage, file.storageKey));
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ filedDocumentId: messageAttachments.filedDocumentId })
        .from(messageAttachments)
        .where(eq(messageAttachments.id, file.id))
        .for('update');
      if (!current) throw attachmentNotFound();
      if (current.filedDocumentId) throw alreadyFiled();
      const locked = await getWorkableFiling(tx, actor, { filingId: filing.id }, 'update');
      const item =
        input.target === 'item'
          ? await (async () => {
              if (!isCollecting(locked.status)) {
                throw new AppError('UNPROCESSABLE', { message: MESSAGES.REQUEST_LOCKED });
              }
              const row = await liveItem(tx, locked, input.item_id);
              if (row.status === 'accepted') {
                throw new AppError('CONFLICT', { message: MESSAGES.REQUEST_ITEM_CLOSED });
              }
              return row;
            })()
          : null;
      const [doc] = await insertDocuments(tx, [
        {
          clientId: file.clientId,
          filingId: locked.id,
          category: item ? categoryOfItemType(item.type) : (input as { category: DocumentCategory }).category,
          requestItemId: item?.id ?? null,
          uploadedBy: actor.userId,
          originalName: file.name,
          size: stored.size,
          contentType: file.contentType,
          storageKey: key,
          sha256: stored.sha256,
        },
      ]);
      if (!doc) throw new Error('document not written');
      if (item) await markItemUploaded(tx, { item, reason: '1 file from a message', actor });
      await tx
        .update(messageAttachments)
        .set({ filedDocumentId: doc.id })
        .where(eq(messageAttachments.id, file.id));
      await audit(tx, {
        actor,
        action: 'staff.messages.file',
        clientId: file.clientId,
        subject: `${file.id} -> ${doc.id}`,
      });
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Canned replies
// ---------------------------------------------------------------------------------------------------------

export type CannedAction =
  | { action: 'list' }
  | { action: 'save'; reply_id?: string | undefined; title: string; body: string }
  | { action: 'delete'; reply_id: string };

const cannedNotFound = () => new AppError('NOT_FOUND', { message: MESSAGES.MESSAGE_CANNED_NOT_FOUND });

/** List the canned replies (every staff member); save or delete one (admins only, audited). */
export async function manageCanned(deps: { db: Database; actor: StaffActor; input: CannedAction }) {
  const { db, actor, input } = deps;
  if (input.action === 'list') return { replies: await listCanned(db) };
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  if (input.action === 'delete') {
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(cannedReplies)
        .where(eq(cannedReplies.id, input.reply_id))
        .returning({ title: cannedReplies.title });
      if (gone.length === 0) throw cannedNotFound();
      await audit(tx, { actor, action: 'staff.messages.canned.delete', subject: input.reply_id });
    });
    return { message: MESSAGES.MESSAGE_CANNED_DELETED, replies: await listCanned(db) };
  }
  const values = { title: input.title.trim(), body: input.body.trim(), updatedBy: actor.userId };
  try {
    await db.transaction(async (tx) => {
      let id = input.reply_id;
      if (id) {
        const saved = await tx
          .update(cannedReplies)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(cannedReplies.id, id))
          .returning({ id: cannedReplies.id });
        if (saved.length === 0) throw cannedNotFound();
      } else {
        const [created] = await tx.insert(cannedReplies).values(values).returning({ id: cannedReplies.id });
        id = created?.id;
      }
      await audit(tx, { actor, action: 'staff.messages.canned.save', subject: id ?? null });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', {
        message: MESSAGES.MESSAGE_CANNED_TITLE_TAKEN,
        details: { title: MESSAGES.MESSAGE_CANNED_TITLE_TAKEN },
      });
    }
    throw error;
  }
  return { message: MESSAGES.MESSAGE_CANNED_SAVED, replies: await listCanned(db) };
}
