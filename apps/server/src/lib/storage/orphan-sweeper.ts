/**
 * Removes stored files that nothing will ever reference. An upload is stored before its row is written
 * (lib/uploads.ts), so a crash in between, or one mid-write, leaves an object (or, on local disk, a
 * temporary file) behind that no request will clean up. Each pass lists the upload prefixes (one per
 * multipart call of the contract) and deletes the objects older than a grace period that no row references
 * (STORAGE_KEY_COLUMNS), then the driver's stale temporary files.
 * Younger objects are never touched: an upload in flight may not have its row yet (requests time out
 * after two minutes, far under the default hour). Several instances may sweep at once: deletes are
 * idempotent.
 */
import { CALLS, type CallDefinition } from '@taxfirm/contract';
import {
  careerApplications,
  documents,
  inArray,
  messageAttachments,
  signatureDocuments,
  signatureTemplates,
  taxSummaries,
  type Database,
} from '@taxfirm/db';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from './object-storage.ts';
import { uploadKeyPrefix } from './upload-prefix.ts';

/** Where multipart calls store their files (`<prefix><uuid>`, see lib/uploads.ts): one prefix per call. */
export const UPLOAD_PREFIXES: readonly string[] = (Object.values(CALLS) as CallDefinition[])
  .filter((call) => call.contentType === 'multipart')
  .map(uploadKeyPrefix);

/**
 * Every column that holds a storage key: an object one of them names is never an orphan. A test fails
 * when the schema gains a `…storage_key`/`…resume_key` column missing here.
 */
export const STORAGE_KEY_COLUMNS: readonly PgColumn[] = [
  documents.storageKey,
  documents.unlockedStorageKey,
  careerApplications.resumeKey,
  taxSummaries.storageKey,
  messageAttachments.storageKey,
  signatureDocuments.storageKey,
  signatureDocuments.returnStorageKey,
  signatureDocuments.signedStorageKey,
  signatureTemplates.storageKey,
];

const HOUR_MS = 60 * 60_000;
export const DEFAULT_GRACE_MS = HOUR_MS;
export const DEFAULT_INTERVAL_MS = HOUR_MS;
/** The first pass waits this long after start, off the start-up path. */
export const DEFAULT_FIRST_RUN_MS = 60_000;
/** Keys looked up in the database at once. */
const BATCH = 500;

export type SweepResult = {
  /** Keys of the orphaned objects removed. */
  removed: string[];
  /** Temporary files of unfinished puts removed (local disk only). */
  incomplete: number;
};

type SweepOptions = {
  db: Database;
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  /** The time the grace period is counted back from. */
  now: Date;
  graceMs?: number;
  prefixes?: readonly string[];
  /** Checked between batches: a pass stops early when the app closes. */
  shouldStop?: () => boolean;
};

/** Which of `keys` a row references (the records retention pass asks too, before it deletes an object). */
export async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const column of STORAGE_KEY_COLUMNS) {
    const rows = await db.select({ key: column }).from(column.table).where(inArray(column, keys));
    for (const row of rows) if (typeof row.key === 'string') found.add(row.key);
  }
  return found;
}

/**
 * One pass. Errors are logged, not thrown: a prefix that fails to list, or a key that fails to delete,
 * does not stop the rest. Logs the keys it removes, never contents.
 */
export async function sweepOrphans({
  db,
  storage,
  log,
  now,
  graceMs = DEFAULT_GRACE_MS,
  prefixes = UPLOAD_PREFIXES,
  shouldStop = () => false,
}: SweepOptions): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - graceMs);
  const result: SweepResult = { removed: [], incomplete: 0 };

  const removeUnreferenced = async (candidates: string[]) => {
    const referenced = await referencedKeys(db, candidates);
    for (const key of candidates) {
      if (referenced.has(key) || shouldStop()) continue;
      try {
        await storage.delete(key);
        result.removed.push(key);
        log.info({ storageKey: key }, 'orphaned upload removed');
      } catch (error) {
        log.warn({ err: error, storageKey: key }, 'orphaned upload not removed');
      }
    }
  };

  for (const prefix of prefixes) {
    try {
      let batch: string[] = [];
      for await (const object of storage.list(prefix)) {
        if (shouldStop()) break;
        if (object.modifiedAt >= cutoff) continue;
        batch.push(object.key);
        if (batch.length === BATCH) {
          await removeUnreferenced(batch);
          batch = [];
        }
      }
      if (batch.length > 0 && !shouldStop()) await removeUnreferenced(batch);
    } catch (error) {
      log.error({ err: error, prefix }, 'orphan sweep of a storage prefix failed');
    }
  }

  if (storage.sweepIncomplete && !shouldStop()) {
    try {
      result.incomplete = await storage.sweepIncomplete(cutoff);
      if (result.incomplete > 0) {
        log.info({ count: result.incomplete }, 'temporary files of unfinished uploads removed');
      }
    } catch (error) {
      log.error({ err: error }, 'sweep of unfinished uploads failed');
    }
  }
  return result;
}

export type OrphanSweeperOptions = Omit<SweepOptions, 'now' | 'shouldStop'> & {
  /** Between passes; an hour by default. */
  intervalMs?: number;
  /** Before the first pass. */
  firstRunMs?: number;
  /** The clock (tests set it). */
  now?: () => Date;
};

export type OrphanSweeper = {
  /** Run a pass now (or join the one running); undefined once stopped. */
  sweep: () => Promise<SweepResult | undefined>;
  /** Stop the timers and wait for a running pass to finish (it stops between batches). */
  stop: () => Promise<void>;
};

/** Sweep shortly after start, then every interval, on unref'd timers, until stopped. Never throws. */
export function startOrphanSweeper({
  intervalMs = DEFAULT_INTERVAL_MS,
  firstRunMs = DEFAULT_FIRST_RUN_MS,
  now = () => new Date(),
  ...options
}: OrphanSweeperOptions): OrphanSweeper {
  let running: Promise<SweepResult | undefined> | null = null;
  let stopped = false;

  const sweep = (): Promise<SweepResult | undefined> => {
    if (stopped) return Promise.resolve(undefined);
    running ??= sweepOrphans({ ...options, now: now(), shouldStop: () => stopped })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'orphan sweep failed');
        return undefined;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const first = setTimeout(() => void sweep(), firstRunMs);
  first.unref();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();

  return {
    sweep,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
