/**
 * The status automations' runner (issue 36). The database writes a run for each rule in force when a file
 * enters the rule's status, in the transaction that records the change (migration 0038): one per rule per
 * entry. Each pass does the pending runs, oldest first, each in its own transaction: the run claimed
 * `FOR UPDATE SKIP LOCKED` (another instance takes the next), the rule locked (round-robin's turn), the action
 * done by the single-file service in a savepoint, and the outcome and an audit row naming the rule written in
 * the same commit. So a run is done once, after a crash too, and never by two instances.
 *
 * The transaction is marked as an automation's (`taxfirm.automation`): a status change inside it fires no rule,
 * so rules never set each other off, whatever actions they get later.
 */
import { MESSAGES, automationActionSchema } from '@taxfirm/contract';
import {
  and,
  asc,
  automationRules,
  automationRuns,
  eq,
  filings,
  filingStatusHistory,
  isNull,
  sql,
  type Database,
} from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import { assertFirmTemplate } from './automations.staff.service.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { staffActingNow } from '../accounts/access.ts';
import {
  performFileAction,
  startFileActionRunner,
  type FileActionDeps,
  type FileActionRunnerOptions,
} from '../bulk/file-actions.ts';

/** Runs taken per pass (each is its own transaction; the next pass continues). */
const RUNS_PER_PASS = 200;

export type AutomationDeps = FileActionDeps & { log?: FastifyBaseLogger | undefined };

/** Do one run, claimed in its own transaction; false when another instance had it or it was done. */
async function runOne(db: Database, deps: AutomationDeps, runId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('taxfirm.automation', 'on', true)`);
    const [run] = await tx
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.id, runId), isNull(automationRuns.outcome)))
      .for('update', { skipLocked: true });
    if (!run) return false;
    // Locked for its round-robin turn, in a mode that lets a status change meanwhile write a new run of the
    // rule (the run's foreign key takes a key-share lock on it).
    const [rule] = await tx
      .select()
      .from(automationRules)
      .where(eq(automationRules.id, run.ruleId))
      .for('no key update');
    const [filing] = await tx
      .select({ taxYear: filings.taxYear })
      .from(filings)
      .where(eq(filings.id, run.filingId));
    const [entry] = await tx
      .select({ status: filingStatusHistory.toStatus })
      .from(filingStatusHistory)
      .where(eq(filingStatusHistory.id, run.historyId));
    if (!rule || !filing || !entry)
      throw new Error(`automation run ${run.id}: its rule, file or entry is gone`);
    let outcome: 'done' | 'skipped' | 'failed' = 'done';
    let reason: string | null = null;
    // The rule's admin as they are now (an admin whose access is in force), else the run is skipped.
    const actor = await staffActingNow(
      tx,
      rule.updatedBy,
      { ip: '', userAgent: `automation ${rule.id}` },
      { adminOnly: true },
    );
    const action = automationActionSchema.safeParse(rule.action);
    if (rule.paused) {
      outcome = 'skipped';
      reason = MESSAGES.AUTOMATION_PAUSED;
    } else if (entry.status !== rule.status) {
      outcome = 'skipped';
      reason = MESSAGES.AUTOMATION_ENTRY_CHANGED;
    } else if (!actor) {
      outcome = 'skipped';
      reason = MESSAGES.AUTOMATION_AUTHOR_GONE;
    } else if (!action.success) {
      outcome = 'failed';
      reason = MESSAGES.BULK_FILE_FAILED;
      deps.log?.error({ rule: rule.id }, 'automation: its stored action does not read');
    } else {
      const act = action.data;
      // Round-robin moves on whatever this file's outcome: one refused assignee never holds the turn.
      if (act.kind === 'assign') {
        await tx
          .update(automationRules)
          .set({ nextTurn: sql`${automationRules.nextTurn} + 1` })
          .where(eq(automationRules.id, rule.id));
      }
      try {
        const file = { clientId: run.clientId, taxYear: filing.taxYear, turn: rule.nextTurn };
        // A savepoint: a refused or failed action is undone, and its outcome still written.
        await tx.transaction(async (sp) => {
          if (act.kind === 'template') await assertFirmTemplate(sp, act.template_id);
          await performFileAction(sp, deps, actor, file, act);
        });
      } catch (error) {
        if (error instanceof AppError) {
          outcome = 'skipped';
          reason = error.message;
        } else {
          outcome = 'failed';
          reason = MESSAGES.BULK_FILE_FAILED;
          deps.log?.error({ err: error, rule: rule.id, run: run.id }, 'automation: a run failed');
        }
      }
    }
    await tx
      .update(automationRuns)
      .set({ outcome, reason, doneAt: new Date() })
      .where(eq(automationRuns.id, run.id));
    await audit(tx, {
      actor: SYSTEM,
      action: 'automation.run',
      clientId: run.clientId,
      subject: `${rule.id} "${rule.name}" ${outcome}${reason ? `: ${reason}` : ''}`,
    });
    return true;
  });
}

/** One pass: up to `limit` pending runs, oldest first. Returns how many this pass did. */
export async function runAutomationPass(
  db: Database,
  deps: AutomationDeps & { limit?: number },
  stopped: () => boolean = () => false,
): Promise<number> {
  const pending = await db
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(isNull(automationRuns.outcome))
    .orderBy(asc(automationRuns.createdAt))
    .limit(deps.limit ?? RUNS_PER_PASS);
  let done = 0;
  for (const { id } of pending) {
    if (stopped()) break;
    if (await runOne(db, deps, id)) done += 1;
  }
  return done;
}

/** The runner in the background: a pass every 2 seconds. */
export const startAutomationScheduler = (options: FileActionRunnerOptions) =>
  startFileActionRunner('status automations', runAutomationPass, options, 2_000);
