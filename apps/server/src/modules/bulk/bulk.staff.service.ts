/**
 * Bulk actions (issue 36): a staff member starts an action over files chosen one by one or over every file a
 * queue's filters match; the files are written down as the job's items in the same transaction (so the job is
 * exactly the selection the confirmation counted), and the runner (`bulk-runner.ts`) does them one at a time,
 * each under the single-file action's own rules.
 */
import {
  MESSAGES,
  bulkActionSchema,
  type BulkJob,
  type StaffBulkStartBody,
  type QueueQueryBody,
} from '@taxfirm/contract';
import {
  and,
  bulkJobItems,
  bulkJobs,
  clients,
  desc,
  eq,
  filings,
  inArray,
  sql,
  type Database,
  type SQL,
} from '@taxfirm/db';
import { z } from 'zod';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';
import { cannedReplyOf, describeFileAction } from './file-actions.ts';

export type BulkFilter = QueueQueryBody;

/**
 * The queue's "every file matching" as a select of (filing_id, client_id, position) in the list's order, for
 * this staff member: the work queues' own rule, handed in by the app (modules do not import `staff/`).
 */
export type QueueSelection = (actor: StaffActor, taxYear: number, filter: BulkFilter) => SQL;

/** How many of one's latest jobs the status call lists. */
const LATEST_JOBS = 5;
/** How many problem files a job's status names (the rest are counted). */
const PROBLEMS_LISTED = 200;

/**
 * The action as the job keeps it: the call's action, and for a canned message its text (every client gets the
 * same words). Read back through this schema: a row that does not match fails its files, never guesses.
 */
export const storedBulkActionSchema = bulkActionSchema.and(z.object({ body: z.string().optional() }));
export type StoredBulkAction = z.infer<typeof storedBulkActionSchema>;

/**
 * Start a job: the selection written down as its items, in order, and audited. The same request (one
 * confirmation, sent again) answers the job it already started. "Every file matching" is refused when the
 * filter no longer matches the number the confirmation showed.
 */
export async function startBulk(
  db: Database,
  actor: StaffActor,
  input: StaffBulkStartBody & { taxYear: number },
  queueSelection: QueueSelection,
): Promise<{ job_id: string; total: number }> {
  const [existing] = await db
    .select({ id: bulkJobs.id, total: bulkJobs.total })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.createdBy, actor.userId), eq(bulkJobs.requestId, input.request_id)));
  if (existing) return { job_id: existing.id, total: existing.total };
  const summary = await describeFileAction(db, actor, input.action);
  const stored: StoredBulkAction =
    input.action.kind === 'message'
      ? { ...input.action, body: (await cannedReplyOf(db, input.action.reply_id)).body }
      : input.action;
  const selection = input.selection.client_ids
    ? chosenSql(input.selection.client_ids, input.taxYear)
    : queueSelection(actor, input.taxYear, (input.selection.filter ?? {}) as BulkFilter);
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx
        .insert(bulkJobs)
        .values({
          requestId: input.request_id,
          createdBy: actor.userId,
          taxYear: input.taxYear,
          action: stored,
          summary,
          total: 0,
          ip: actor.ip,
          userAgent: actor.userAgent?.slice(0, 300) ?? null,
        })
        .returning({ id: bulkJobs.id });
      if (!job) throw new Error('bulk job not stored');
      await tx.execute(sql`insert into ${bulkJobItems} (job_id, position, filing_id, client_id)
        select ${job.id}::uuid, s.position, s.filing_id, s.client_id from (${selection}) s`);
      const [{ total } = { total: 0 }] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(bulkJobItems)
        .where(eq(bulkJobItems.jobId, job.id));
      if (total === 0) throw new AppError('UNPROCESSABLE', { message: MESSAGES.BULK_SELECTION_EMPTY });
      if (input.selection.expected !== undefined && input.selection.expected !== total) {
        throw new AppError('CONFLICT', { message: MESSAGES.BULK_SELECTION_CHANGED });
      }
      await tx.update(bulkJobs).set({ total }).where(eq(bulkJobs.id, job.id));
      await audit(tx, { actor, action: 'staff.bulk.start', subject: `${job.id} ${total} files: ${summary}` });
      return { job_id: job.id, total };
    });
  } catch (error) {
    // The same confirmation sent twice at once: the second answers the first's job.
    if (!isUniqueViolation(error)) throw error;
    const [job] = await db
      .select({ id: bulkJobs.id, total: bulkJobs.total })
      .from(bulkJobs)
      .where(and(eq(bulkJobs.createdBy, actor.userId), eq(bulkJobs.requestId, input.request_id)));
    if (!job) throw error;
    return { job_id: job.id, total: job.total };
  }
}

/**
 * Files chosen one by one: the clients' filings of the tax year, in the order chosen. Whether this person may
 * work each one is the single-file action's question, asked when the file's turn comes (and a file they may
 * not work is listed as skipped, with the reason).
 */
function chosenSql(clientIds: string[], taxYear: number): SQL {
  const chosen = sql`(select value::uuid as client_id, ordinality as position
    from jsonb_array_elements_text(${JSON.stringify([...new Set(clientIds)])}::jsonb) with ordinality)`;
  // Numbered again after the join: a client with no file this year leaves no gap (round-robin stays even).
  return sql`select ${filings.id} as filing_id, ${filings.clientId} as client_id,
    row_number() over (order by c.position) as position
    from ${chosen} c inner join ${filings} on ${filings.clientId} = c.client_id and ${filings.taxYear} = ${taxYear}`;
}

/**
 * One job (one's own; admins anyone's) or one's latest jobs, with the counts and the files not done. A job
 * is finished when none of its files is pending.
 */
export async function bulkStatus(
  db: Database,
  actor: StaffActor,
  jobId: string | undefined,
): Promise<BulkJob[]> {
  const own = actor.role === 'admin' ? undefined : eq(bulkJobs.createdBy, actor.userId);
  const jobs = await db
    .select()
    .from(bulkJobs)
    .where(jobId ? and(eq(bulkJobs.id, jobId), own) : eq(bulkJobs.createdBy, actor.userId))
    .orderBy(desc(bulkJobs.createdAt))
    .limit(jobId ? 1 : LATEST_JOBS);
  if (jobId && jobs.length === 0) throw new AppError('NOT_FOUND', { message: MESSAGES.BULK_JOB_NOT_FOUND });
  if (jobs.length === 0) return [];
  const ids = jobs.map((job) => job.id);
  const counts = await db
    .select({ jobId: bulkJobItems.jobId, outcome: bulkJobItems.outcome, n: sql<number>`count(*)::int` })
    .from(bulkJobItems)
    .where(inArray(bulkJobItems.jobId, ids))
    .groupBy(bulkJobItems.jobId, bulkJobItems.outcome);
  // Each job's first problems (a large job does not crowd out the others'), each named only when the reader
  // may work its file: a file someone chose without the right to it is "skipped", never shown to them.
  const workable = workableFilingsWhere(actor, { triage: true }) ?? sql`true`;
  const problems = (
    (await db.execute(sql`select p.job_id, p.client_id, p.outcome, p.reason, p.workable,
        c.first_name, c.last_name, c.file_number
      from (select ${bulkJobItems.jobId} as job_id, ${bulkJobItems.clientId} as client_id,
          ${bulkJobItems.outcome} as outcome, ${bulkJobItems.reason} as reason, ${bulkJobItems.position} as position,
          coalesce((select ${workable} from ${filings} where ${filings.id} = ${bulkJobItems.filingId}), false) as workable,
          row_number() over (partition by ${bulkJobItems.jobId} order by ${bulkJobItems.position}) as nth
        from ${bulkJobItems}
        where ${inArray(bulkJobItems.jobId, ids)} and ${bulkJobItems.outcome} is not null
          and ${bulkJobItems.outcome} <> 'done') p
      inner join ${clients} c on c.id = p.client_id
      where p.nth <= ${PROBLEMS_LISTED}
      order by p.job_id, p.position`)) as unknown as {
      rows: {
        job_id: string;
        client_id: string;
        outcome: string;
        reason: string | null;
        workable: boolean;
        first_name: string;
        last_name: string;
        file_number: string | null;
      }[];
    }
  ).rows;
  const countOf = (id: string, outcome: string | null) =>
    counts.find((c) => c.jobId === id && c.outcome === outcome)?.n ?? 0;
  return jobs.map((job) => {
    const pending = countOf(job.id, null);
    return {
      job_id: job.id,
      action: bulkActionSchema.safeParse(job.action).data ?? null,
      summary: job.summary,
      tax_year: job.taxYear,
      state: pending === 0 ? 'finished' : 'running',
      total: job.total,
      done: countOf(job.id, 'done'),
      skipped: countOf(job.id, 'skipped'),
      failed: countOf(job.id, 'failed'),
      created_at: job.createdAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
      problems: problems
        .filter((p) => p.job_id === job.id)
        .map((p) => ({
          client_id: p.workable ? p.client_id : null,
          name: p.workable ? `${p.first_name} ${p.last_name}` : MESSAGES.BULK_FILE_HIDDEN,
          file_number: p.workable ? p.file_number : null,
          outcome: p.outcome === 'failed' ? 'failed' : 'skipped',
          reason: p.reason ?? '',
        })),
    };
  });
}
