/**
 * Uploads made ready to record: a HEIC/HEIF photo becomes a JPEG (decoded only in the files sandbox, after its
 * header was read here: over 50 megapixels is refused without decoding), and a password-protected PDF is
 * recognised (qpdf runs only for a PDF whose last trailer names an encryption dictionary; S2-02, S2-03).
 * Used by the checklist's uploads and by message attachments.
 */
import { MESSAGES } from '@taxfirm/contract';
import { Readable } from 'node:stream';
import { AppError } from '../app-error.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { convertHeicToJpeg, heicRefusal, jpegName } from './heic.ts';
import { pdfNeedsPassword } from './pdf-lock.ts';
import { busyAppError, SandboxBusyError, SandboxJobError } from './sandbox.ts';

const HEIC_TYPES = new Set(['image/heic', 'image/heif']);

/** Read a stored object back whole (item files are under 25 MB). */
export async function readAll(storage: ObjectStorage, key: string): Promise<Buffer> {
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
export function sandboxRefusal(error: unknown, unreadable: string): unknown {
  if (error instanceof SandboxBusyError) return busyAppError(error);
  if (error instanceof SandboxJobError) {
    // The pool closing (the instance is shutting down) says nothing of the file: try again.
    if (error.reason === 'closed')
      return new AppError('SERVICE_UNAVAILABLE', { message: MESSAGES.FILES_BUSY });
    return filesRefused(error.reason === 'failed' ? unreadable : MESSAGES.FILE_NOT_PROCESSED);
  }
  return error;
}

/** What preparing needs of a stored upload (lib/uploads.ts `Upload`). */
type StoredUpload = { key: string; originalName: string; type: string; size: number; sha256: string };

/**
 * Convert HEIC/HEIF photos to JPEG (the original is removed) and mark password-protected PDFs. `created`
 * receives every key stored here, so a failed request can remove them too. `account` is whose upload it is
 * (the sandbox's per-account limit). Refused (400) when a photo declares more than 50 megapixels or a file
 * cannot be processed; 503/429 when the sandbox's queue is full.
 */
export async function prepareUploads<U extends StoredUpload>(
  storage: ObjectStorage,
  uploads: readonly U[],
  keyPrefix: string,
  created: string[],
  options: { account?: string } = {},
): Promise<(U & { locked: boolean })[]> {
  const prepared: (U & { locked: boolean })[] = [];
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
