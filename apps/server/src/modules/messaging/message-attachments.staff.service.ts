/**
 * A message's attachment in the staff console: its bytes for staff who may work the client's filing, and a copy
 * filed into the client's documents or one of their checklist items. The file-assignment rules are the filing's
 * (`getWorkableFiling`): an attachment opens for staff who may work its message's tax year or the current one.
 */
import { randomUUID } from 'node:crypto';
import { categoryOfItemType, MESSAGES, type DocumentCategory } from '@taxfirm/contract';
import { and, eq, messageAttachments, messages, requestItems, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { getWorkableFiling, type Filing } from '../filings/filings.service.ts';
import { insertDocuments } from '../documents/documents.service.ts';
import { isCollecting, markItemUploaded } from '../requests/request-items.ts';
import { liveItemsOf } from '../requests/requests.service.ts';
import { liveItem } from '../requests/requests.staff.service.ts';
import { openStoredAttachment } from './messaging.service.ts';

type Reader = Pick<Database, 'select'>;

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
      .where(liveItemsOf(file.clientId, eq(requestItems.id, input.item_id)));
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
