/**
 * The audit log's hash chain, checked from outside the database (security review F-08). The database seals
 * every committed row into the chain shortly after its commit (migration 0043's `audit_log_seal()`, run by
 * audit-sealer.ts; ADR 032); this recomputes every hash in Node with the same encoding, so a row changed, removed or slipped in by someone who can bypass the trigger (the owner role, a
 * restored dump) shows up. Rows removed from the end leave no mark in the chain itself: the head recorded
 * outside the database (`knownHead`) covers that.
 *
 * Two rules beyond the hashes (security review S2-04): time never goes back along the chain (migration 0025's
 * trigger dates every row itself, from the row `audit_log_time_ordered_from()` names; rows before it were dated
 * by their writers), and a reference erased from a row (an account deleted: the foreign key's SET NULL) must be
 * covered by an `account.erased` row, which only `erase_account()` writes (or migration 0025, for erasures found
 * before it).
 */
import { createHash } from 'node:crypto';
import { asc, auditLog, eq, gt, isNull, lte, and, or, sql, type Database } from '@taxfirm/db';

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

/** The references an `account.erased` row covers: its subject's leading `actor:<hex>` / `client:<hex>` tokens. */
export function erasedDigests(subject: string | null): string[] {
  const [tokens = ''] = (subject ?? '').split(' | ');
  return tokens.split(' ').filter((token) => /^(actor|client):[0-9a-f]{64}$/.test(token));
}

export type ChainBreak = { chainSeq: number; id: string; reason: string };

export type ChainReport = {
  rowsChecked: number;
  /** Rows whose actor or client reference was erased (an account deleted: the foreign key's SET NULL). */
  erasedReferences: number;
  /** `account.erased` rows: accounts erased through erase_account() (or found erased by migration 0025). */
  erasures: number;
  /** The first chain_seq whose created_at the database set (migration 0025): time order is checked from it. */
  timeOrderedFrom: number;
  /** The last row checked: record it outside the database, and pass it as `knownHead` next time. */
  head: { chainSeq: number; hash: string } | null;
  /**
   * Rows not sealed yet. Normal for a few seconds after their commit; a row dated before the head is one the
   * sealer can never place in order, and one older than `staleAfterSeconds` one it has not sealed: both breaks.
   */
  unsealed: number;
  /** The oldest unsealed row's date (ISO), or null. */
  oldestUnsealedAt: string | null;
  /**
   * When an audit-writing transaction still open began writing (ISO), or null: rows dated from then on wait
   * for it (ADR 032), so old unsealed rows are held back, not a break.
   */
  heldBackSince: string | null;
  /** Rows that fail a check (a changed row fails once; the rows after it still link to its stored hash). */
  breaks: number;
  firstBreak: ChainBreak | null;
};

type Previous = { chainSeq: number; hash: Buffer; createdAtMicros: bigint };

/** What is wrong with one row, given the row before it (null for the first); null when nothing is. */
function checkRow(
  row: ChainRow,
  previous: Previous | null,
  rules: { timeOrderedFrom: number; erased: Set<string> },
): string | null {
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
  if (
    previous &&
    previous.chainSeq >= rules.timeOrderedFrom &&
    row.createdAtMicros < previous.createdAtMicros
  ) {
    return "created_at is earlier than the previous row's (time goes backwards along the chain: a back-dated row)";
  }
  for (const kind of erasedReferences(row)) {
    const digest = row.refDigests.subarray(kind === 'actor' ? 0 : 32, kind === 'actor' ? 32 : 64);
    if (!rules.erased.has(`${kind}:${digest.toString('hex')}`)) {
      return `${kind === 'actor' ? 'actor_user_id' : 'client_id'} was erased without an account.erased row (the account was deleted outside erase_account())`;
    }
  }
  return null;
}

/** Which of the row's references were set at insert and are null now (erased). */
function erasedReferences(row: ChainRow): ('actor' | 'client')[] {
  const erased: ('actor' | 'client')[] = [];
  if (row.actorUserId === null && !row.refDigests.subarray(0, 32).equals(NO_ACTOR)) erased.push('actor');
  if (row.clientId === null && !row.refDigests.subarray(32, 64).equals(NO_CLIENT)) erased.push('client');
  return erased;
}

/**
 * The rows not sealed yet (ADR 032). The sealer places rows in created_at order and only once nothing dated
 * earlier can still commit, so an unsealed row dated before the head was slipped in behind the sealer's back
 * (or the sealer broke its rule): it can never be sealed in order. One older than `staleAfterSeconds` means
 * the sealer is not running: a row that is never sealed is reported, not silently left out of the chain.
 */
async function checkUnsealed(
  db: Database,
  report: ChainReport,
  head: Previous | null,
  staleAfterSeconds: number,
  fail: (chainSeq: number, id: string, reason: string) => void,
): Promise<void> {
  const headMicros = head?.createdAtMicros ?? null;
  // The oldest second an open audit-writing transaction holds (the sealer's horizon, migration 0043).
  const [summary] = (
    (await db.execute(sql`
      select count(*)::int as "count", min(${auditLog.createdAt})::text as "oldest",
             (extract(epoch from clock_timestamp() - min(${auditLog.createdAt})))::float8 as "ageSeconds",
             (select to_timestamp(1577836800 + min(objid::bigint))::text from pg_locks
               where locktype = 'advisory' and classid = 4224023 and objsubid = 2
                 and database = (select oid from pg_database where datname = current_database())
                 and pid is distinct from pg_backend_pid()) as "heldBackSince"
        from ${auditLog} where ${isNull(auditLog.chainSeq)}`)) as unknown as {
      rows: {
        count: number;
        oldest: string | null;
        ageSeconds: number | null;
        heldBackSince: string | null;
      }[];
    }
  ).rows;
  report.unsealed = summary?.count ?? 0;
  report.oldestUnsealedAt = summary?.oldest ? new Date(summary.oldest).toISOString() : null;
  report.heldBackSince = summary?.heldBackSince ? new Date(summary.heldBackSince).toISOString() : null;
  if (report.unsealed === 0) return;
  if (headMicros !== null) {
    const [behind] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          isNull(auditLog.chainSeq),
          sql`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint < ${headMicros.toString()}::bigint`,
        ),
      )
      .orderBy(asc(auditLog.createdAt))
      .limit(1);
    if (behind) {
      fail(
        0,
        behind.id,
        "the row is unsealed and dated before the chain's head (it can never be sealed in order: slipped in behind the sealer)",
      );
    }
  }
  const heldBack =
    report.heldBackSince !== null &&
    report.oldestUnsealedAt !== null &&
    report.oldestUnsealedAt >= report.heldBackSince;
  if ((summary?.ageSeconds ?? 0) > staleAfterSeconds && !heldBack) {
    fail(
      0,
      '',
      `${report.unsealed} row(s) not sealed, the oldest written ${Math.round(summary?.ageSeconds ?? 0)} s ago (is the audit sealer running?)`,
    );
  }
}

/**
 * The audit_log columns a row's hash covers, as a select: the creation time as exact microseconds (text, for a
 * BigInt), with the stored hashes. The verifier reads them, and tests compare them with audit_log_hash().
 */
export const hashedColumns = {
  id: auditLog.id,
  action: auditLog.action,
  subject: auditLog.subject,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  micros: sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
  refDigests: auditLog.refDigests,
};

/**
 * Walk the chain in chain_seq order, `batchSize` rows at a time (memory stays flat however long the log), up to
 * the head as it stood when the walk began (rows appended meanwhile are left for the next run).
 */
export async function verifyAuditChain({
  db,
  batchSize = 2000,
  knownHead,
  onProgress,
  staleAfterSeconds = 600,
}: {
  db: Database;
  batchSize?: number;
  /** An unsealed row older than this is reported as never sealed (the sealer runs every second). */
  staleAfterSeconds?: number;
  /** A head recorded earlier: that row must still be in the chain with that hash. */
  knownHead?: { chainSeq: number; hash: string } | undefined;
  onProgress?: (rowsChecked: number, of: number) => void;
}): Promise<ChainReport> {
  const [top] = await db.select({ last: sql<string | null>`max(${auditLog.chainSeq})::text` }).from(auditLog);
  const lastSeq = Number(top?.last ?? 0);
  const [rule] = (
    (await db.execute(sql`select audit_log_time_ordered_from()::text as "from"`)) as unknown as {
      rows: { from: string }[];
    }
  ).rows;
  const timeOrderedFrom = Number(rule?.from ?? 1);
  // The erasures, read first: an account.erased row comes after the rows whose references it covers.
  const erasureRows = await db
    .select({ subject: auditLog.subject })
    .from(auditLog)
    // Unsealed ones too: an erasure may wait to be sealed while the references it nulled show on sealed rows.
    .where(
      and(
        eq(auditLog.action, 'account.erased'),
        or(lte(auditLog.chainSeq, lastSeq), isNull(auditLog.chainSeq)),
      ),
    );
  const erased = new Set(erasureRows.flatMap((row) => erasedDigests(row.subject)));
  const report: ChainReport = {
    rowsChecked: 0,
    erasedReferences: 0,
    erasures: erasureRows.length,
    timeOrderedFrom,
    head: null,
    unsealed: 0,
    oldestUnsealedAt: null,
    heldBackSince: null,
    breaks: 0,
    firstBreak: null,
  };
  const fail = (chainSeq: number, id: string, reason: string) => {
    report.breaks += 1;
    report.firstBreak ??= { chainSeq, id, reason };
  };
  let previous: Previous | null = null;
  let knownHeadSeen = false;
  for (;;) {
    const rows = await db
      .select({
        chainSeq: auditLog.chainSeq,
        ...hashedColumns,
        actorUserId: auditLog.actorUserId,
        clientId: auditLog.clientId,
      })
      .from(auditLog)
      .where(and(gt(auditLog.chainSeq, previous?.chainSeq ?? 0), lte(auditLog.chainSeq, lastSeq)))
      .orderBy(asc(auditLog.chainSeq))
      .limit(batchSize);
    if (rows.length === 0) break;
    for (const { micros, chainSeq, prevHash, hash, ...rest } of rows) {
      // The query reads sealed rows only (chain_seq > previous); the check constraint seals all three at once.
      if (chainSeq === null || prevHash === null || hash === null) continue;
      const row: ChainRow = { ...rest, chainSeq, prevHash, hash, createdAtMicros: BigInt(micros) };
      const problem = checkRow(row, previous, { timeOrderedFrom, erased });
      if (problem) fail(row.chainSeq, row.id, problem);
      if (erasedReferences(row).length > 0) report.erasedReferences += 1;
      if (knownHead && row.chainSeq === knownHead.chainSeq) {
        knownHeadSeen = true;
        if (row.hash.toString('hex') !== knownHead.hash.toLowerCase()) {
          fail(row.chainSeq, row.id, 'hash differs from the head recorded earlier (the chain was rewritten)');
        }
      }
      report.rowsChecked += 1;
      previous = { chainSeq: row.chainSeq, hash: row.hash, createdAtMicros: row.createdAtMicros };
      report.head = { chainSeq: row.chainSeq, hash: row.hash.toString('hex') };
    }
    onProgress?.(report.rowsChecked, lastSeq);
  }
  await checkUnsealed(db, report, previous, staleAfterSeconds, fail);
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
