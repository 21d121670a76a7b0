/**
 * Files a client sends for a checklist item. They arrive through the documents pipeline (`lib/uploads.ts`:
 * streamed, sealed, type-checked by content, strictly under 25 MB); here a HEIC/HEIF photo becomes a JPEG and a
 * password-protected PDF is recognised, then the rows are written and the item moves to "uploaded" in one
 * transaction, with its history and an audit row. The password of a locked PDF is sealed by the keyring like
 * an identity number, bound to its document row, and used only to keep an unlocked copy beside the original.
 */
import { categoryOfItemType, MESSAGES } from '@taxfirm/contract';
import { and, documents, eq, isNull, requestItems, type Database } from '@taxfirm/db';
import { Readable } from 'node:stream';
import type { ClientActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { convertHeicToJpeg, jpegName } from '../../lib/files/heic.ts';
import { pdfNeedsPassword, unlockPdf } from '../../lib/files/pdf-lock.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { filesCount, recordActivity } from '../messaging/activity.service.ts';
import { openClientItem, recordItemEvent } from './requests.service.ts';

const HEIC_TYPES = new Set(['image/heic', 'image/heif']);

/** Read a stored object back whole (item files are under 25 MB). */
async function readAll(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An upload as it will be recorded: converted when it was a HEIC photo, and whether it is a locked PDF. */
export type PreparedUpload = Upload & { locked: boolean };

/**
 * Convert HEIC/HEIF photos to JPEG (the original is removed) and mark password-protected PDFs. `created`
 * receives every key stored here, so a failed request can remove them too.
 */
export async function prepareUploads(
  storage: ObjectStorage,
  uploads: readonly Upload[],
  keyPrefix: string,
  created: string[],
): Promise<PreparedUpload[]> {
  const prepared: PreparedUpload[] = [];
  for (const upload of uploads) {
    if (HEIC_TYPES.has(upload.type)) {
      let jpeg: Buffer;
      try {
        jpeg = await convertHeicToJpeg(await readAll(storage, upload.key));
      } catch {
        throw new AppError('VALIDATION_FAILED', {
          message: MESSAGES.REQUEST_UPLOAD_WRONG_TYPE,
          details: { files: MESSAGES.REQUEST_UPLOAD_WRONG_TYPE },
        });
      }
      const key = `${keyPrefix}${crypto.randomUUID()}`;
      const stored = await storage.put(key, Readable.from([jpeg]));
      created.push(key);
      await storage.delete(upload.key).catch(() => undefined);
      prepared.push({
        ...upload,
        key,
        type: 'image/jpeg',
        originalName: jpegName(upload.originalName),
        size: stored.size,
        sha256: stored.sha256,
        locked: false,
      });
      continue;
    }
    const locked =
      upload.type === 'application/pdf' && (await pdfNeedsPassword(await readAll(storage, upload.key)));
    prepared.push({ ...upload, locked });
  }
  return prepared;
}

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
    const rows = await tx
      .insert(documents)
      .values(
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
      )
      .returning({ id: documents.id, name: documents.originalName, locked: documents.locked });
    await tx
      .update(requestItems)
      .set({ status: 'uploaded', laterDate: null, updatedAt: new Date() })
      .where(eq(requestItems.id, item.id));
    await recordItemEvent(tx, {
      item,
      action: 'uploaded',
      from: item.status,
      to: 'uploaded',
      reason: filesCount(rows.length),
      actor,
    });
    await recordActivity(tx, {
      clientId: actor.clientId,
      taxYear: deps.taxYear,
      kind: 'upload',
      summary: `Uploaded ${filesCount(rows.length)} for ${item.title}`,
    });
    return rows.filter((row) => row.locked).map((row) => ({ documentId: row.id, name: row.name }));
  });
}

/** The keyring context a PDF's password is sealed under: bound to its document row and column. */
export const pdfPasswordContext = (clientId: string, documentId: string) =>
  `pdf-password|documents|${clientId}/${documentId}|pdf_password_sealed`;

/**
 * The password of one of the session client's locked PDFs: when it opens the file, the unlocked copy is
 * stored beside the original (which stays as received), the password is sealed on the row and the row is no
 * longer locked. A wrong password changes nothing. Never logged.
 */
export async function unlockDocument(deps: {
  db: Database;
  storage: ObjectStorage;
  keyring: Keyring;
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
  const unlocked = await unlockPdf(await readAll(storage, row.storageKey), deps.password);
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
    await tx
      .update(documents)
      .set({
        locked: false,
        unlockedStorageKey: key,
        pdfPasswordSealed: deps.keyring.seal(
          Buffer.from(deps.password, 'utf8'),
          pdfPasswordContext(actor.clientId, deps.documentId),
        ),
      })
      .where(eq(documents.id, current.id));
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
