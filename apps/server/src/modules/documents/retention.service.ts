/**
 * Records retention (issue 18, part 6; the rule is written in docs/operations.md): a client's documents, the
 * messages about a tax year and the staff activity of that year are kept through December 31 of the N-th
 * year after the tax year (RECORDS_RETENTION_YEARS, 7 by default, at least 3), then purged. A daily pass
 * deletes the rows in batches, each batch in its own transaction, and only after a batch has committed deletes
 * its stored objects: a crash in between leaves objects no row references, which the orphan sweeper removes
 * (lib/storage/orphan-sweeper.ts). The thread itself is kept: it is the client's, not a tax year's.
 *
 * Several instances may run passes at once: rows are claimed with FOR UPDATE SKIP LOCKED, and deleting an
 * object twice is not an error. Each pass writes one audit row and one log line with counts, never a name.
 */
import {
  and,
  documents,
  eq,
  filings,
  inArray,
  lt,
  lte,
  messageAttachments,
  messages,
  staffActivity,
  type Database,
} from '@taxfirm/db';
import { startScheduler, type Scheduler } from '../../lib/scheduler.ts';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { firmYear } from '../../lib/firm-time.ts';
import type { ObjectStorage } from '../../lib/storage/object-storage.ts';
import { referencedKeys } from '../../lib/storage/orphan-sweeper.ts';

/** Rows deleted in one transaction. */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_RETENTION_INTERVAL_MS = DAY_MS;
/** The first pass waits this long after start, off the start-up path (and after the orphan sweeper's). */
export const DEFAULT_RETENTION_FIRST_RUN_MS = 5 * 60_000;
export const DEFAULT_RETENTION_YEARS = 7;

/**
 * The newest tax year whose records are past keeping at `now`: tax year Y is kept through December 31 of
 * Y + `years` (the firm's calendar), so it goes once that year has ended.
 */
export function lastExpiredTaxYear(now: Date, years: number): number {
  return firmYear(now) - years - 1;
}

/**
 * Rows written before this are old enough to go: January 1 of the firm's year `years` ago (06:00 UTC is
 * midnight in Chicago in January). A late filer's records of an old tax year are kept `years` from when they
 * came, not from the tax year.
 */
export function writtenBefore(now: Date, years: number): Date {
  return new Date(Date.UTC(firmYear(now) - years, 0, 1, 6));
}

export type RetentionResult = {
  /** Tax years up to this one were purged. */
  throughTaxYear: number;
  documents: number;
  messages: number;
  attachments: number;
  activity: number;
  /** Stored objects deleted (documents, their unlocked copies, attachments). */
  objects: number;
};

type PassOptions = {
  now: Date;
  years: number;
  log: FastifyBaseLogger;
  /** Checked between batches: a pass stops early when the app closes (the next one finishes the work). */
  shouldStop?: () => boolean;
};

/**
 * Delete the objects of rows that are gone, unless some row still names the key (a copy filed under the
 * same key). A failed delete is logged and left to the orphan sweeper.
 */
async function deleteObjects(
  db: Database,
  storage: ObjectStorage,
  log: FastifyBaseLogger,
  keys: string[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const stillReferenced = await referencedKeys(db, keys);
  let deleted = 0;
  for (const key of keys) {
    if (stillReferenced.has(key)) continue;
    try {
      await storage.delete(key);
      deleted += 1;
    } catch (error) {
      log.warn({ err: error, storageKey: key }, 'records retention: stored object not deleted');
    }
  }
  return deleted;
}

/** One pass at `now`. Throws only when the database does; the scheduler logs it. */
export async function runRetentionPass(
  db: Database,
  storage: ObjectStorage,
  { now, years, log, shouldStop = () => false }: PassOptions,
): Promise<RetentionResult> {
  const through = lastExpiredTaxYear(now, years);
  const before = writtenBefore(now, years);
  const result: RetentionResult = {
    throughTaxYear: through,
    documents: 0,
    messages: 0,
    attachments: 0,
    activity: 0,
    objects: 0,
  };

  // Documents of the filings of an expired year: rows first (one batch, one transaction), then objects.
  while (!shouldStop()) {
    const gone = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: documents.id,
          storageKey: documents.storageKey,
          unlockedStorageKey: documents.unlockedStorageKey,
        })
        .from(documents)
        .innerJoin(filings, eq(filings.id, documents.filingId))
        .where(and(lte(filings.taxYear, through), lt(documents.uploadedAt, before)))
        .limit(BATCH)
        .for('update', { of: documents, skipLocked: true });
      if (rows.length > 0) {
        await tx.delete(documents).where(
          inArray(
            documents.id,
            rows.map((row) => row.id),
          ),
        );
      }
      return rows;
    });
    result.documents += gone.length;
    const keys = gone.flatMap((row) =>
      row.unlockedStorageKey ? [row.storageKey, row.unlockedStorageKey] : [row.storageKey],
    );
    result.objects += await deleteObjects(db, storage, log, keys);
    if (gone.length < BATCH) break;
  }

  // Messages written about an expired year; their attachments' rows cascade, their objects follow.
  while (!shouldStop()) {
    const gone = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(lte(messages.taxYear, through), lt(messages.createdAt, before)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { messages: 0, keys: [] };
      const ids = rows.map((row) => row.id);
      const attachments = await tx
        .select({ storageKey: messageAttachments.storageKey })
        .from(messageAttachments)
        .where(inArray(messageAttachments.messageId, ids));
      await tx.delete(messages).where(inArray(messages.id, ids));
      return { messages: rows.length, keys: attachments.map((row) => row.storageKey) };
    });
    result.messages += gone.messages;
    result.attachments += gone.keys.length;
    result.objects += await deleteObjects(db, storage, log, gone.keys);
    if (gone.messages < BATCH) break;
  }

  // What clients did in an expired year (the activity feed and digest): rows only.
  while (!shouldStop()) {
    const gone = await db
      .delete(staffActivity)
      .where(
        inArray(
          staffActivity.id,
          db
            .select({ id: staffActivity.id })
            .from(staffActivity)
            .where(and(lte(staffActivity.taxYear, through), lt(staffActivity.createdAt, before)))
            .limit(BATCH),
        ),
      )
      .returning({ id: staffActivity.id });
    result.activity += gone.length;
    if (gone.length < BATCH) break;
  }

  const { throughTaxYear, ...counts } = result;
  await audit(db, {
    actor: SYSTEM,
    action: 'records.retention.purged',
    subject:
      `tax years to ${throughTaxYear}: ${counts.documents} documents, ${counts.messages} messages ` +
      `(${counts.attachments} attachments), ${counts.activity} activity entries, ${counts.objects} stored objects`,
  });
  log.info({ throughTaxYear, ...counts }, 'records retention pass');
  return result;
}

export type RetentionScheduler = Scheduler<RetentionResult>;

/** A pass shortly after start, then daily, until stopped (lib/scheduler.ts; it stops between batches). */
export function startRetentionScheduler({
  db,
  storage,
  log,
  years = DEFAULT_RETENTION_YEARS,
  intervalMs = DEFAULT_RETENTION_INTERVAL_MS,
  firstRunMs = DEFAULT_RETENTION_FIRST_RUN_MS,
  now = () => new Date(),
}: {
  db: Database;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  years?: number;
  intervalMs?: number;
  firstRunMs?: number;
  /** The clock (tests set it). */
  now?: () => Date;
}): RetentionScheduler {
  return startScheduler({
    name: 'records retention',
    log,
    intervalMs,
    firstRunMs,
    pass: (stopped) => runRetentionPass(db, storage, { now: now(), years, log, shouldStop: stopped }),
  });
}
