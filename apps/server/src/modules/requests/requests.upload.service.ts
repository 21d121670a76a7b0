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
import { convertHeicToJpeg, heicRefusal, jpegName } from '../../lib/files/heic.ts';
import { pdfNeedsPassword, unlockPdf } from '../../lib/files/pdf-lock.ts';
import { busyAppError, SandboxBusyError, SandboxJobError } from '../../lib/files/sandbox.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import type { Upload } from '../../lib/uploads.ts';
import { emit, filesCount } from '../activity/events.ts';
import { insertDocuments, recordUnlockedCopy } from '../documents/documents.service.ts';
import { markItemUploaded, openClientItem } from './requests.service.ts';

const HEIC_TYPES = new Set(['image/heic', 'image/heif']);

/** Read a stored object back whole (item files are under 25 MB). */
async function readAll(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A refusal of the files in an upload (400, the message under `files`). */
const filesRefused = (message: string) =>
  new AppError('VALIDATION_FAILED', { message, details: { files: message } });

/**
 * The answer to a sandbox failure: a full queue is 503/429; a file the decoder could not read is the type
 * refusal (`unreadable`); one killed over time or memory could not be processed (400).
 */
function sandboxRefusal(error: unknown, unreadable: string): unknown {
  if (error instanceof SandboxBusyError) return busyAppError(error);
  if (error instanceof SandboxJobError) {
    // The pool closing (the instance is shutting down) says nothing of the file: try again.
    if (error.reason === 'closed')
      return new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.FILES_BUSY });
    return filesRefused(error.reason === 'failed' ? unreadable : MESSAGES.FILE_NOT_PROCESSED);
  }
  return error;
}

/** An upload as it will be recorded: converted when it was a HEIC photo, and whether it is a locked PDF. */
export type PreparedUpload = Upload & { locked: boolean };

/**
 * Convert HEIC/HEIF photos to JPEG (the original is removed) and mark password-protected PDFs. `created`
 * receives every key stored here, so a failed request can remove them too. `account` is whose upload it is
 * (the sandbox's per-account limit). Refused (400) when a photo declares more than 50 megapixels or a file
 * cannot be processed; 503/429 when the sandbox's queue is full.
 */
export async function prepareUploads(
  storage: ObjectStorage,
  uploads: readonly Upload[],
  keyPrefix: string,
  created: string[],
  options: { account?: string } = {},
): Promise<PreparedUpload[]> {
  const prepared: PreparedUpload[] = [];
  for (const upload of uploads) {
    if (HEIC_TYPES.has(upload.type)) {
      const photo = await readAll(storage, upload.key);
      // Its declared size first, without decoding: a decoder allocates what the header says.
      const refusal = heicRefusal(photo);
      if (refusal === 'too-large') throw filesRefused(MESSAGES.PHOTO_TOO_LARGE);
      if (refusal) throw filesRefused(MESSAGES.REQUEST_UPLOAD_WRONG_TYPE);
      let jpeg: Buffer;
      try {
        jpeg = await convertHeicToJpeg(photo, options);
      } catch (error) {
        throw sandboxRefusal(error, MESSAGES.REQUEST_UPLOAD_WRONG_TYPE);
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
    let locked = false;
    if (upload.type === 'application/pdf') {
      try {
        locked = await pdfNeedsPassword(await readAll(storage, upload.key), options);
      } catch (error) {
        throw sandboxRefusal(error, MESSAGES.FILE_NOT_PROCESSED);
      }
    }
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
