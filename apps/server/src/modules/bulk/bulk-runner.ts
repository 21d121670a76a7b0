/**
 * The bulk jobs' runner (issue 36): every pass takes the pending files of unfinished jobs, oldest job first,
 * and does each in its own transaction: the file's row is claimed (`FOR UPDATE SKIP LOCKED`: another instance
 * takes the next one), the single-file action runs inside it (its own checks, writes, audit row and the
 * client's e-mail in the outbox), and the outcome is written in the same commit. A crash before the commit
 * undoes the action and leaves the file pending; after it, the file is done and never done again. So a job
 * resumes after a restart, retries send no e-mail twice, and two instances never do one file twice.
 *
 * The action runs as the person who started the job, as they are now: a member whose access ended, or who
 * lost the right to a file, gets the file skipped with the reason the single-file call would have given.
 */
import { and, asc, bulkJobItems, bulkJobs, eq, isNull, sql, type Database } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { staffActingNow } from '../accounts/access.ts';
import {
  performFileAction,
  startFileActionRunner,
  type FileActionDeps,
  type FileActionRunnerOptions,
} from './file-actions.ts';
import { storedBulkActionSchema } from './bulk.staff.service.ts';
import { MESSAGES } from '@taxfirm/contract';

/** Files taken per pass (each is its own transaction; the next pass continues). */
const FILES_PER_PASS = 200;

type Job = typeof bulkJobs.$inferSelect;
/** What the runner works with: what the file actions need, and where to log a failed file. */
export type RunnerDeps = FileActionDeps & { log?: FastifyBaseLogger | undefined };

/** Do one file, claimed in its own transaction; false when another instance had it or it was done. */
async function runItem(db: Database, deps: RunnerDeps, job: Job, position: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ jobId: bulkJobItems.jobId, position: bulkJobItems.position, clientId: bulkJobItems.clientId })
      .from(bulkJobItems)
      .where(
        and(
          eq(bulkJobItems.jobId, job.id),
          eq(bulkJobItems.position, position),
          isNull(bulkJobItems.outcome),
        ),
      )
      .for('update', { skipLocked: true });
    if (!item) return false;
    // The job's starter as they are now: one whose access ended has the rest skipped.
    const actor = await staffActingNow(tx, job.createdBy, {
      ip: job.ip ?? '',
      userAgent: job.userAgent ?? undefined,
    });
    let outcome: 'done' | 'skipped' | 'failed' = 'done';
    let reason: string | null = null;
    if (!actor) {
      outcome = 'skipped';
      reason = MESSAGES.BULK_STARTER_GONE;
    } else {
      try {
        // A savepoint: a refused or failed action is undone, and its outcome still written.
        const parsed = storedBulkActionSchema.safeParse(job.action);
        if (!parsed.success) throw new Error(`bulk job ${job.id}: its stored action does not read`);
        // A job's canned message is the text frozen when it started, never the reply as it reads now.
        if (parsed.data.kind === 'message' && parsed.data.body === undefined) {
          throw new Error(`bulk job ${job.id}: a canned message without its text`);
        }
        const file = { clientId: item.clientId, taxYear: job.taxYear, turn: item.position - 1 };
        await tx.transaction((sp) => performFileAction(sp, deps, actor, file, parsed.data));
      } catch (error) {
        if (error instanceof AppError) {
          outcome = 'skipped';
          reason = error.message;
        } else {
          outcome = 'failed';
          reason = MESSAGES.BULK_FILE_FAILED;
          deps.log?.error({ err: error, job: job.id, position }, 'bulk job: a file failed');
        }
      }
    }
    await tx
      .update(bulkJobItems)
      .set({ outcome, reason, doneAt: new Date() })
      .where(and(eq(bulkJobItems.jobId, job.id), eq(bulkJobItems.position, position)));
    await audit(tx, {
      actor: actor ?? { kind: 'system' },
      action: 'staff.bulk.file',
      clientId: item.clientId,
      subject: `${job.id} ${outcome}${reason ? `: ${reason}` : ''}`,
    });
    return true;
  });
}

/**
 * One pass: up to `limit` pending files of the unfinished jobs, oldest job first and in each job's order;
 * then every job left with nothing pending is marked finished. Returns how many files this pass did.
 */
export async function runBulkPass(
  db: Database,
  deps: RunnerDeps & { limit?: number },
  stopped: () => boolean = () => false,
): Promise<number> {
  const jobs = await db
    .select()
    .from(bulkJobs)
    .where(isNull(bulkJobs.finishedAt))
    .orderBy(asc(bulkJobs.createdAt));
  let done = 0;
  let budget = deps.limit ?? FILES_PER_PASS;
  for (const job of jobs) {
    if (budget <= 0 || stopped()) break;
    const pending = await db
      .select({ position: bulkJobItems.position })
      .from(bulkJobItems)
      .where(and(eq(bulkJobItems.jobId, job.id), isNull(bulkJobItems.outcome)))
      .orderBy(asc(bulkJobItems.position))
      .limit(budget);
    for (const { position } of pending) {
      if (stopped()) break;
      if (await runItem(db, deps, job, position)) done += 1;
      budget -= 1;
    }
  }
  await db.execute(sql`update ${bulkJobs} set finished_at = now()
    where ${bulkJobs.finishedAt} is null and not exists (select 1 from ${bulkJobItems}
      where ${bulkJobItems.jobId} = ${bulkJobs.id} and ${bulkJobItems.outcome} is null)`);
  return done;
}

/** The runner in the background: a pass every second (a new job's first files start within about a second). */
export const startBulkScheduler = (options: FileActionRunnerOptions) =>
  startFileActionRunner('bulk jobs', runBulkPass, options);
