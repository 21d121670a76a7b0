/**
 * Files a client sends for a checklist item. They arrive through the documents pipeline (`lib/uploads.ts`:
 * streamed, sealed, type-checked by content, strictly under 25 MB); here a HEIC/HEIF photo becomes a JPEG and a
 * password-protected PDF is recognised, then the rows are written and the item moves to "uploaded" in one
 * transaction, with its history and an audit row. The password of a locked PDF is used only to make an
 * unlocked copy beside the original, and is not kept (S2-10).
 *
 * Photos and PDFs are decoded only in the files sandbox (lib/files/sandbox.ts), after their headers were
 * read on this thread: a photo over 50 megapixels is refused without decoding, and qpdf runs only for a PDF
 * whose last trailer names an encryption dictionary (S2-02, S2-03).
 */
import { categoryOfItemType, MESSAGES } from '@taxfirm/contract';
import { and, documents, eq, isNull, type Database } from '@taxfirm/db';
import { Readable } from 'node:stream';
import type { ClientActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { unlockPdf } from '../../lib/files/pdf-lock.ts';
import { readAll, sandboxRefusal } from '../../lib/files/prepare-uploads.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { PreparedUpload } from '../../lib/uploads.ts';
import { emit, filesCount } from '../activity/events.ts';
import { insertDocuments, recordUnlockedCopy } from '../documents/documents.service.ts';
import { markItemUploaded } from './request-items.ts';
import { openClientItem } from './requests.service.ts';

/**
 * Record the files for the session client's item and move it to "uploaded" (from requested, rejected, later
 * or uploaded). The item is checked again, locked, inside the transaction. Answers the locked PDFs.
 */
export async function recordItemUploads(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number;
  itemId: string;
  uploads: readonly PreparedUpload[];
}): Promise<{ documentId: string; name: string }[]> {
  const { db, actor } = deps;
  return db.transaction(async (tx) => {
    const item = await openClientItem(tx, actor, deps.taxYear, deps.itemId);
    const rows = await insertDocuments(
      tx,
      deps.uploads.map((upload) => ({
        clientId: actor.clientId,
        filingId: item.filingId,
        category: categoryOfItemType(item.type),
        requestItemId: item.id,
        uploadedBy: actor.userId,
        originalName: upload.originalName,
        size: upload.size,
        contentType: upload.type,
        storageKey: upload.key,
        sha256: upload.sha256,
        locked: upload.locked,
      })),
    );
    await markItemUploaded(tx, { item, reason: filesCount(rows.length), actor });
    await emit(tx, {
      type: 'documents.uploaded',
      clientId: actor.clientId,
      taxYear: deps.taxYear,
      files: rows.length,
      forItem: item.title,
    });
    return rows.filter((row) => row.locked).map((row) => ({ documentId: row.id, name: row.name }));
  });
}

/**
 * The password of one of the session client's locked PDFs: when it opens the file, the unlocked copy is
 * stored beside the original (which stays as received) and the row is no longer locked. The password is
 * neither stored nor logged (S2-10): once the unlocked copy exists nothing needs it. A wrong password changes
 * nothing.
 */
export async function unlockDocument(deps: {
  db: Database;
  storage: ObjectStorage;
  actor: ClientActor;
  documentId: string;
  password: string;
  keyPrefix: string;
}): Promise<void> {
  const { db, storage, actor } = deps;
  const where = and(
    eq(documents.id, deps.documentId),
    eq(documents.clientId, actor.clientId),
    eq(documents.locked, true),
    isNull(documents.unlockedStorageKey),
  );
  const [row] = await db.select({ storageKey: documents.storageKey }).from(documents).where(where);
  if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
  let unlocked: Buffer | null;
  try {
    unlocked = await unlockPdf(await readAll(storage, row.storageKey), deps.password, {
      account: actor.userId,
    });
  } catch (error) {
    throw sandboxRefusal(error, MESSAGES.FILE_NOT_PROCESSED);
  }
  if (!unlocked) {
    throw new AppError('VALIDATION_FAILED', {
      message: MESSAGES.REQUEST_PDF_PASSWORD_WRONG,
      details: { password: MESSAGES.REQUEST_PDF_PASSWORD_WRONG },
    });
  }
  const key = `${deps.keyPrefix}${crypto.randomUUID()}`;
  await storage.put(key, Readable.from([unlocked]));
  const saved = await db.transaction(async (tx) => {
    // Locked again: two tries at once store one copy; the other's copy is removed below.
    const [current] = await tx.select({ id: documents.id }).from(documents).where(where).for('update');
    if (!current) return false;
    await recordUnlockedCopy(tx, current.id, key);
    await audit(tx, {
      actor,
      action: 'documents.unlock',
      clientId: actor.clientId,
      subject: deps.documentId,
    });
    return true;
  });
  if (!saved) {
    await storage.delete(key).catch(() => undefined);
    throw new AppError('NOT_FOUND', { message: MESSAGES.DOCUMENT_NOT_FOUND });
  }
}
