/**
 * The audit chain's sealer (ADR 032). An audit row is a plain insert in its writer's transaction; this seals
 * committed rows into the hash chain afterwards, in created_at order, through the database's
 * `audit_log_seal()` (migration 0043): one sealer at a time across every instance (a transaction-scoped
 * advisory lock it only tries for), each batch one transaction, so a sealer stopped mid-batch seals nothing
 * and the next one continues from the same head.
 */
import { sql, type Database } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { startScheduler } from '../../lib/scheduler.ts';
import type { RunningJob } from '../../lib/jobs.ts';

/** Rows per batch (one transaction each): about 20 ms of hashing on the measured machine. */
const BATCH = 1000;

/** One batch: how many rows it sealed, or null when another sealer holds the lock. */
export async function sealBatch(db: Pick<Database, 'execute'>, maxRows = BATCH): Promise<number | null> {
  const result = (await db.execute(sql`select audit_log_seal(${maxRows}::integer) as sealed`)) as unknown as {
    rows: { sealed: number }[];
  };
  const sealed = Number(result.rows[0]?.sealed ?? 0);
  return sealed < 0 ? null : sealed;
}

/**
 * Seal every row that can be sealed now: batch after batch until one comes back short. Returns the rows this
 * call sealed. When another sealer is at work it returns at once (that one seals them), unless `waitForLockMs`:
 * then it tries again every 20 ms for that long (audit:verify and tests, which need the chain sealed up to
 * now), and throws if the lock is still held.
 */
export async function sealAuditLog(
  db: Pick<Database, 'execute'>,
  {
    batchSize = BATCH,
    stopped = () => false,
    waitForLockMs = 0,
  }: { batchSize?: number; stopped?: () => boolean; waitForLockMs?: number } = {},
): Promise<number> {
  const giveUpAt = Date.now() + waitForLockMs;
  let total = 0;
  for (;;) {
    const sealed = await sealBatch(db, batchSize);
    if (sealed === null) {
      if (waitForLockMs === 0 || stopped()) return total;
      if (Date.now() > giveUpAt) {
        throw new Error(
          `the audit sealer's lock was held for ${Math.round(waitForLockMs / 1000)} s (a sealer stuck in an open transaction?)`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    total += sealed;
    if (sealed < batchSize || stopped()) return total;
  }
}

/** How long audit:verify and tests wait for another sealer's batch: a batch takes milliseconds. */
export const SEAL_WAIT_MS = 60_000;

/** The sealer in the background: every second (rows are sealed within seconds of their commit). */
export function startAuditSealer({
  db,
  log,
  intervalMs = 1_000,
  firstRunMs = 500,
}: {
  db: Pick<Database, 'execute'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstRunMs?: number;
}): RunningJob {
  return startScheduler({
    name: 'audit sealer',
    log,
    intervalMs,
    firstRunMs,
    pass: (stopped) => sealAuditLog(db, { stopped }),
  });
}
