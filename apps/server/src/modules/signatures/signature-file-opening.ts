/** Opening a document's part to serve it, with the record its opening needs written first. */
import type { SignatureLinkKind } from '../../lib/crypto/signed-links.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { openPart, type ServedFile } from './signature-files.ts';

/**
 * One part of a document, opened once its stored bytes are there, then `record` written (an audit row, the
 * signer's first opening). Should the record fail, the opened file is closed and nothing is served.
 */
export async function openPartRecorded(
  storage: ObjectStorage,
  document: Parameters<typeof openPart>[1],
  kind: SignatureLinkKind,
  record: () => Promise<void>,
): Promise<ServedFile> {
  const file = await openPart(storage, document, kind);
  try {
    await record();
  } catch (error) {
    file.body.destroy();
    throw error;
  }
  return file;
}
