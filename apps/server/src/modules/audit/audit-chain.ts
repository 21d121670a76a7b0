/**
 * The audit log's hash chain, checked from outside the database (security review F-08). The database chains
 * every row as it is inserted (migration 0023's trigger); this recomputes every hash in Node with the same
 * encoding, so a row changed, removed or slipped in by someone who can bypass the trigger (the owner role, a
 * restored dump) shows up. Rows removed from the end leave no mark in the chain itself: the head recorded
 * outside the database (`knownHead`) covers that.
 */
import { createHash } from 'node:crypto';
import { asc, auditLog, gt, lte, and, sql, type Database } from '@taxfirm/db';

const ZERO_HASH = Buffer.alloc(32);
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const referenceDigest = (kind: 'actor' | 'client', id: string | null) =>
  sha256(Buffer.from(`${kind}:${id ?? ''}`, 'utf8'));
const NO_ACTOR = referenceDigest('actor', null);
const NO_CLIENT = referenceDigest('client', null);

/** One row as the chain sees it; `createdAtMicros` is exact (a Date would drop the microseconds). */
export type ChainRow = {
  chainSeq: number;
  id: string;
  action: string;
  subject: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAtMicros: bigint;
  actorUserId: string | null;
  clientId: string | null;
  prevHash: Buffer;
  hash: Buffer;
  refDigests: Buffer;
};

/** A text field: 0x00 for null, else 0x01, its UTF-8 length (4 bytes, big-endian) and its UTF-8 bytes. */
function field(value: string | null): Buffer {
  if (value === null) return Buffer.from([0]);
  const bytes = Buffer.from(value, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([Buffer.from([1]), length, bytes]);
}

/** sha256(prev_hash || content), content encoded exactly as audit_log_hash() in migration 0023 does. */
export function chainHash(prevHash: Buffer, row: Omit<ChainRow, 'prevHash' | 'hash'>): Buffer {
  const createdAt = Buffer.alloc(8);
  createdAt.writeBigInt64BE(row.createdAtMicros);
  return sha256(
    prevHash,
    Buffer.from(row.id.replaceAll('-', ''), 'hex'),
    field(row.action),
    field(row.subject),
    field(row.ip),
    field(row.userAgent),
    createdAt,
    row.refDigests,
  );
}

export type ChainBreak = { chainSeq: number; id: string; reason: string };

export type ChainReport = {
  rowsChecked: number;
  /** Rows whose actor or client reference was erased (an account deleted: the foreign key's SET NULL). */
  erasedReferences: number;
  /** The last row checked: record it outside the database, and pass it as `knownHead` next time. */
  head: { chainSeq: number; hash: string } | null;
  /** Rows that fail a check (a changed row fails once; the rows after it still link to its stored hash). */
  breaks: number;
  firstBreak: ChainBreak | null;
};

/** What is wrong with one row, given the row before it (null for the first); null when nothing is. */
function checkRow(row: ChainRow, previous: { chainSeq: number; hash: Buffer } | null): string | null {
  const expectedSeq = (previous?.chainSeq ?? 0) + 1;
  if (row.chainSeq !== expectedSeq) {
    return row.chainSeq > expectedSeq
      ? `rows ${expectedSeq}..${row.chainSeq - 1} of the chain are missing (deleted)`
      : `chain_seq ${row.chainSeq} is out of order (expected ${expectedSeq})`;
  }
  if (!row.prevHash.equals(previous?.hash ?? ZERO_HASH)) {
    return "prev_hash is not the previous row's hash (a row was removed, added or re-linked)";
  }
  if (!row.hash.equals(chainHash(row.prevHash, row))) {
    return "hash does not match the row's content (the row was changed after it was written)";
  }
  const actorDigest = row.refDigests.subarray(0, 32);
  const clientDigest = row.refDigests.subarray(32, 64);
  if (row.actorUserId !== null && !actorDigest.equals(referenceDigest('actor', row.actorUserId))) {
    return 'actor_user_id is not the actor the row was written with';
  }
  if (row.clientId !== null && !clientDigest.equals(referenceDigest('client', row.clientId))) {
    return 'client_id is not the client the row was written with';
  }
  return null;
}

const wasErased = (row: ChainRow) =>
  (row.actorUserId === null && !row.refDigests.subarray(0, 32).equals(NO_ACTOR)) ||
  (row.clientId === null && !row.refDigests.subarray(32, 64).equals(NO_CLIENT));

/**
 * Walk the chain in chain_seq order, `batchSize` rows at a time (memory stays flat however long the log), up to
 * the head as it stood when the walk began (rows appended meanwhile are left for the next run).
 */
export async function verifyAuditChain({
  db,
  batchSize = 2000,
  knownHead,
  onProgress,
}: {
  db: Database;
  batchSize?: number;
  /** A head recorded earlier: that row must still be in the chain with that hash. */
  knownHead?: { chainSeq: number; hash: string } | undefined;
  onProgress?: (rowsChecked: number, of: number) => void;
}): Promise<ChainReport> {
  const [top] = await db.select({ last: sql<string | null>`max(${auditLog.chainSeq})::text` }).from(auditLog);
  const lastSeq = Number(top?.last ?? 0);
  const report: ChainReport = {
    rowsChecked: 0,
    erasedReferences: 0,
    head: null,
    breaks: 0,
    firstBreak: null,
  };
  const fail = (chainSeq: number, id: string, reason: string) => {
    report.breaks += 1;
    report.firstBreak ??= { chainSeq, id, reason };
  };
  let previous: { chainSeq: number; hash: Buffer } | null = null;
  let knownHeadSeen = false;
  for (;;) {
    const rows = await db
      .select({
        chainSeq: auditLog.chainSeq,
        id: auditLog.id,
        action: auditLog.action,
        subject: auditLog.subject,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        micros: sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`,
        actorUserId: auditLog.actorUserId,
        clientId: auditLog.clientId,
        prevHash: auditLog.prevHash,
        hash: auditLog.hash,
        refDigests: auditLog.refDigests,
      })
      .from(auditLog)
      .where(and(gt(auditLog.chainSeq, previous?.chainSeq ?? 0), lte(auditLog.chainSeq, lastSeq)))
      .orderBy(asc(auditLog.chainSeq))
      .limit(batchSize);
    if (rows.length === 0) break;
    for (const { micros, ...rest } of rows) {
      const row: ChainRow = { ...rest, createdAtMicros: BigInt(micros) };
      const problem = checkRow(row, previous);
      if (problem) fail(row.chainSeq, row.id, problem);
      if (wasErased(row)) report.erasedReferences += 1;
      if (knownHead && row.chainSeq === knownHead.chainSeq) {
        knownHeadSeen = true;
        if (row.hash.toString('hex') !== knownHead.hash.toLowerCase()) {
          fail(row.chainSeq, row.id, 'hash differs from the head recorded earlier (the chain was rewritten)');
        }
      }
      report.rowsChecked += 1;
      previous = { chainSeq: row.chainSeq, hash: row.hash };
      report.head = { chainSeq: row.chainSeq, hash: row.hash.toString('hex') };
    }
    onProgress?.(report.rowsChecked, lastSeq);
  }
  if (knownHead && !knownHeadSeen) {
    report.breaks += 1;
    report.firstBreak ??= {
      chainSeq: knownHead.chainSeq,
      id: '',
      reason: `the recorded head (chain_seq ${knownHead.chainSeq}) is no longer in the chain (rows removed from the end)`,
    };
  }
  return report;
}
