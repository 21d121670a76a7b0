/**
 * Bulk actions (issue 36): a staff member starts an action over files chosen one by one or over every file a
 * queue's filters match; the files are written down as the job's items in the same transaction (so the job is
 * exactly the selection the confirmation counted), and the runner (`bulk-runner.ts`) does them one at a time,
 * each under the single-file action's own rules.
 */
import {
  MESSAGES,
  type BulkAction,
  type BulkJob,
  type StaffBulkStartBody,
  type bulkFilterSchema,
} from '@taxfirm/contract';
import {
  and,
  bulkJobItems,
  bulkJobs,
  cannedReplies,
  clients,
  desc,
  eq,
  filings,
  inArray,
  requestTemplates,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { z } from 'zod';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

export type BulkFilter = z.output<typeof bulkFilterSchema>;

/**
 * The queue's "every file matching" as a select of (filing_id, client_id, position) in the list's order, for
 * this staff member: the work queues' own rule, handed in by the app (modules do not import `staff/`).
 */
export type QueueSelection = (actor: StaffActor, taxYear: number, filter: BulkFilter) => SQL;

/** How many of one's latest jobs the status call lists. */
const LATEST_JOBS = 5;
/** How many problem files a job's status names (the rest are counted). */
const PROBLEMS_LISTED = 200;

/** The action in words, as the confirmation says it and the job keeps it. */
export async function summaryOf(db: Database, action: BulkAction): Promise<string> {
  switch (action.kind) {
    case 'assign': {
      const staff = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, action.analyst_ids));
      const names = action.analyst_ids.map((id) => {
        const member = staff.find((s) => s.id === id);
        return member ? `${member.firstName} ${member.lastName}` : 'an unknown staff member';
      });
      return names.length === 1 ? `Assign to ${names[0]}` : `Assign in turn to ${names.join(', ')}`;
    }
    case 'status':
      return `Change the status to ${action.status}`;
    case 'remind':
      return 'Send the checklist reminder';
    case 'template': {
      const [template] = await db
        .select({ name: requestTemplates.name })
        .from(requestTemplates)
        .where(eq(requestTemplates.id, action.template_id));
      if (!template) throw AppError.onField('UNPROCESSABLE', 'template_id', MESSAGES.BULK_TEMPLATE_REQUIRED);
      return `Apply the checklist template "${template.name}"`;
    }
    case 'message': {
      const reply = await cannedReplyOf(db, action.reply_id);
      return `Send the canned message "${reply.title}"`;
    }
  }
}

/** A canned reply as the job keeps it (its text when the job starts), or a 422 when there is none. */
async function cannedReplyOf(db: Database, replyId: string) {
  const [reply] = await db
    .select({ title: cannedReplies.title, body: cannedReplies.body })
    .from(cannedReplies)
    .where(eq(cannedReplies.id, replyId));
  if (!reply) throw AppError.onField('UNPROCESSABLE', 'reply_id', MESSAGES.BULK_REPLY_REQUIRED);
  return reply;
}

/** The action as the job keeps it: a canned message with its text, so every client gets the same words. */
export type StoredBulkAction = BulkAction | (Extract<BulkAction, { kind: 'message' }> & { body: string });

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
  const summary = await summaryOf(db, input.action);
  const stored: StoredBulkAction =
    input.action.kind === 'message'
      ? { ...input.action, body: (await cannedReplyOf(db, input.action.reply_id)).body }
      : input.action;
  const selection =
    'client_ids' in input.selection
      ? chosenSql(input.selection.client_ids, input.taxYear)
      : queueSelection(actor, input.taxYear, input.selection.filter as BulkFilter);
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
      if ('expected' in input.selection && input.selection.expected !== total) {
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
  return sql`select ${filings.id} as filing_id, ${filings.clientId} as client_id, c.position
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
  const problems = await db
    .select({
      jobId: bulkJobItems.jobId,
      clientId: bulkJobItems.clientId,
      outcome: bulkJobItems.outcome,
      reason: bulkJobItems.reason,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
    })
    .from(bulkJobItems)
    .innerJoin(clients, eq(clients.id, bulkJobItems.clientId))
    .where(
      and(
        inArray(bulkJobItems.jobId, ids),
        sql`${bulkJobItems.outcome} is not null and ${bulkJobItems.outcome} <> 'done'`,
      ),
    )
    .orderBy(bulkJobItems.jobId, bulkJobItems.position)
    .limit(PROBLEMS_LISTED * ids.length);
  const countOf = (id: string, outcome: string | null) =>
    counts.find((c) => c.jobId === id && c.outcome === outcome)?.n ?? 0;
  return jobs.map((job) => {
    const pending = countOf(job.id, null);
    return {
      job_id: job.id,
      action: job.action as BulkAction,
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
        .filter((p) => p.jobId === job.id)
        .slice(0, PROBLEMS_LISTED)
        .map((p) => ({
          client_id: p.clientId,
          name: `${p.firstName} ${p.lastName}`,
          file_number: p.fileNumber,
          outcome: p.outcome === 'failed' ? 'failed' : 'skipped',
          reason: p.reason ?? '',
        })),
    };
  });
}
