/**
 * The stored files of a document to sign (the PDF, the full return, the signed file): where they are stored,
 * reading one back whole, and serving one part as a file route sends it. A signed file is checked against the
 * SHA-256 recorded at completion before a byte is sent (S2-07).
 */
import { Readable } from 'node:stream';
import { CALLS } from '@taxfirm/contract';
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';
import { uploadKeyPrefix } from '../../lib/storage/upload-prefix.ts';
import { notFound, type DocumentRow } from './signature-rows.ts';
import { sha256Of } from './signed-files.ts';

/** Where the PDFs to sign, their returns and the signed files are stored (the orphan sweeper lists it). */
export const SIGNATURE_KEY_PREFIX = uploadKeyPrefix(CALLS.staffSignaturesCreate);

/** The stored bytes of a signed file no longer hash to the SHA-256 recorded when it was made. */
export class SignedFileMismatchError extends Error {
  constructor(documentId: string, expected: string | null, actual: string) {
    super(`signed file of document ${documentId}: sha256 ${actual} does not match the recorded ${expected}`);
    this.name = 'SignedFileMismatchError';
  }
}

/** Read a stored object back whole (documents to sign are under 25 MB). */
export async function readStored(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let stream: Readable;
  try {
    stream = await storage.get(key);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound();
    throw error;
  }
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What a file route sends: the stored bytes (a signed file: exactly as stored, every time). */
export type ServedFile = { name: string; size: number; body: Readable };

const fileName = (row: DocumentRow, kind: SignatureLinkKind) => {
  if (kind === 'return') return row.returnName ?? 'return.pdf';
  if (kind === 'signed') return `${row.originalName.replace(/\.pdf$/i, '')}-signed.pdf`;
  return row.originalName;
};

/** The stored key and size of one part of a document; null when it has no such part (yet). */
function partOf(row: DocumentRow, kind: SignatureLinkKind): { key: string; size: number } | null {
  if (kind === 'document') return { key: row.storageKey, size: row.size };
  if (kind === 'return') {
    return row.returnStorageKey && row.returnSize !== null
      ? { key: row.returnStorageKey, size: row.returnSize }
      : null;
  }
  return row.status === 'signed' && row.signedStorageKey && row.signedSize !== null
    ? { key: row.signedStorageKey, size: row.signedSize }
    : null;
}

export async function openPart(
  storage: ObjectStorage,
  row: DocumentRow,
  kind: SignatureLinkKind,
): Promise<ServedFile> {
  const part = partOf(row, kind);
  if (!part) throw notFound();
  if (kind === 'signed') {
    // S2-07: the signed file (under 25 MB) is read whole and hashed before a byte is sent; bytes that no longer
    // match the SHA-256 recorded at completion are refused (a 500, logged with this error) and never served.
    const bytes = await readStored(storage, part.key);
    const actual = sha256Of(bytes);
    if (actual !== row.signedSha256) throw new SignedFileMismatchError(row.id, row.signedSha256, actual);
    return { name: fileName(row, kind), size: bytes.length, body: Readable.from([bytes]) };
  }
  try {
    return { name: fileName(row, kind), size: part.size, body: await storage.get(part.key) };
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound();
    throw error;
  }
}
