/**
 * Keeping `work_candidates` right (ADR 026): every statement that changes a table a rule reads names its files
 * in `work_stale` (the triggers of migration 0031), and before My work is read those files' candidates are
 * worked out again from the rules (`candidatesOf`). The list is then an index range of the person's rows, not
 * nine rules over the person's files on every read.
 *
 * One refresh at a time (a transaction-scoped advisory lock, across instances). The stale rows are consumed
 * first (`delete … returning`) and the rules run after, in later statements that see at least the data those
 * rows were written with; a change still uncommitted then leaves its own row for the next read.
 */
import { filings, sql, workCandidates, workStale, type Database } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { RunningJob } from '../../lib/jobs.ts';
import { startScheduler } from '../../lib/scheduler.ts';
import { isLockTimeout } from '../../lib/db-errors.ts';
import { CANDIDATE_COLUMNS, candidatesOf } from './work-rules.ts';

type Executor = Pick<Database, 'execute' | 'transaction'>;

/** The advisory lock's key: one refresh at a time. */
const REFRESH_LOCK = sql`hashtext('work_candidates')`;

/**
 * Work the candidates out again for every file changed since the last refresh; returns how many files.
 * `waitMs`: how long to wait for a refresh already running (a read's: a few files take milliseconds, but the
 * first build after a migration takes seconds); past it, null, and the caller reads the rows as they are.
 */
export async function refreshWorkCandidates(
  db: Executor,
  { waitMs }: { waitMs?: number } = {},
): Promise<number | null> {
  const pending = await db.execute(sql`select exists (select 1 from ${workStale}) as pending`);
  if (!(pending as unknown as { rows: { pending: boolean }[] }).rows[0]?.pending) return 0;
  try {
    return await db.transaction(async (tx) => {
      if (waitMs !== undefined) await tx.execute(sql.raw(`set local lock_timeout = ${Math.trunc(waitMs)}`));
      await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
      const consumed = await tx.execute(sql`delete from ${workStale} returning ${workStale.filingId} as id`);
      const ids = [...new Set((consumed as unknown as { rows: { id: string }[] }).rows.map((r) => r.id))];
      if (ids.length === 0) return 0;
      // The ids as one JSON parameter (a season's first read names every file).
      const stale = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
      await tx.execute(sql`delete from ${workCandidates} where ${workCandidates.filingId} in ${stale}`);
      const years = await tx.execute(
        sql`select distinct ${filings.taxYear} as year from ${filings} where ${filings.id} in ${stale}`,
      );
      for (const { year } of (years as unknown as { rows: { year: number }[] }).rows) {
        await tx.execute(sql`insert into ${workCandidates} (${CANDIDATE_COLUMNS})
          ${candidatesOf(year, sql`${filings.taxYear} = ${year} and ${filings.id} in ${stale}`)}`);
      }
      return ids.length;
    });
  } catch (error) {
    if (waitMs !== undefined && isLockTimeout(error)) return null;
    throw error;
  }
}

/**
 * The same refresh in the background, a second after start (a database migrated to 0031, or restored, names
 * every file: the first build is done here, not by someone's first read) and then every few seconds, so that a
 * read seldom finds a changed file left to work out.
 */
export function startWorkCandidatesScheduler({
  db,
  log,
  intervalMs = 5_000,
  firstRunMs = 1_000,
}: {
  db: Executor;
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstRunMs?: number;
}): RunningJob {
  return startScheduler({
    name: 'my work candidates',
    log,
    intervalMs,
    firstRunMs,
    pass: async () => (await refreshWorkCandidates(db)) ?? 0,
  });
}
