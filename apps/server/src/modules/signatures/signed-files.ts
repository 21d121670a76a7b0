/**
 * Security review 2, S2-07: the signed files check themselves. `verifySignedDocuments` reads every signed
 * document's stored file back, hashes it and compares it with `signed_sha256` (the hash of the bytes stored,
 * recorded at completion); `npm run audit:verify` prints the result and fails on a mismatch or a missing file.
 * Kept apart from the signing service so the operator command loads no PDF code.
 */
import { createHash } from 'node:crypto';
import { asc, eq, signatureDocuments, type Database } from '@taxfirm/db';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage/object-storage.ts';

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What `verifySignedDocuments` found: every signed file re-hashed against the SHA-256 recorded. */
export type SignedFilesReport = {
  checked: number;
  mismatched: { documentId: string; expected: string | null; actual: string }[];
  missing: { documentId: string; key: string | null }[];
};

/** The SHA-256 of a stored object's bytes, streamed; null when there is no such object. */
async function hashStored(storage: ObjectStorage, key: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return null;
    throw error;
  }
  return hash.digest('hex');
}

/** Re-hash every signed document's stored file (one at a time, streamed) against the hash recorded. */
export async function verifySignedDocuments(deps: {
  db: Database;
  storage: ObjectStorage;
}): Promise<SignedFilesReport> {
  const report: SignedFilesReport = { checked: 0, mismatched: [], missing: [] };
  const rows = await deps.db
    .select({
      id: signatureDocuments.id,
      key: signatureDocuments.signedStorageKey,
      sha256: signatureDocuments.signedSha256,
    })
    .from(signatureDocuments)
    .where(eq(signatureDocuments.status, 'signed'))
    .orderBy(asc(signatureDocuments.signedAt));
  for (const row of rows) {
    report.checked += 1;
    const actual = row.key ? await hashStored(deps.storage, row.key) : null;
    if (actual === null) report.missing.push({ documentId: row.id, key: row.key });
    else if (actual !== row.sha256)
      report.mismatched.push({ documentId: row.id, expected: row.sha256, actual });
  }
  return report;
}
