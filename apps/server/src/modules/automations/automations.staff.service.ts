/**
 * Status automations (issue 36), the admins' side: list the rules with their recent runs, add or change one,
 * pause or resume one, and preview which files a rule would have acted on in the last 30 days. A rule's
 * actions are done with the rights of the admin who last saved or resumed it (the runner checks, on each run,
 * that they still may act); every run is audited as the system, naming the rule.
 */
import {
  AUTOMATION_MAX_RULES,
  AUTOMATION_PREVIEW_DAYS,
  MESSAGES,
  automationActionSchema,
  type AutomationRule,
  type FileStatus,
  type StaffAutomationSaveInput,
} from '@taxfirm/contract';
import {
  and,
  asc,
  automationRules,
  automationRuns,
  clients,
  desc,
  eq,
  filings,
  filingStatusHistory,
  gte,
  requestTemplates,
  sql,
  users,
  type Database,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { describeFileAction } from '../bulk/file-actions.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';

/** The preview names at most this many files (its total counts them all). */
const PREVIEW_LISTED = 100;

const notFound = () => new AppError('NOT_FOUND', { message: MESSAGES.AUTOMATION_NOT_FOUND });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** Every rule, oldest first, with its runs of the last 30 days by outcome. */
export async function listAutomations(db: Database): Promise<AutomationRule[]> {
  const rules = await db
    .select({ rule: automationRules, first: users.firstName, last: users.lastName })
    .from(automationRules)
    .leftJoin(users, eq(users.id, automationRules.updatedBy))
    .orderBy(asc(automationRules.createdAt));
  const counts = await db
    .select({ ruleId: automationRuns.ruleId, outcome: automationRuns.outcome, n: sql<number>`count(*)::int` })
    .from(automationRuns)
    .where(gte(automationRuns.createdAt, daysAgo(AUTOMATION_PREVIEW_DAYS)))
    .groupBy(automationRuns.ruleId, automationRuns.outcome);
  const countOf = (ruleId: string, outcome: string | null) =>
    counts.find((c) => c.ruleId === ruleId && c.outcome === outcome)?.n ?? 0;
  return rules.map(({ rule, first, last }) => ({
    rule_id: rule.id,
    name: rule.name,
    status: rule.status,
    india_only: rule.indiaOnly,
    action: automationActionSchema.safeParse(rule.action).data ?? null,
    summary: rule.summary,
    paused: rule.paused,
    updated_by: first === null ? MESSAGES.AUTOMATION_AUTHOR_UNKNOWN : `${first} ${last}`,
    updated_at: rule.updatedAt.toISOString(),
    runs: {
      pending: countOf(rule.id, null),
      done: countOf(rule.id, 'done'),
      skipped: countOf(rule.id, 'skipped'),
      failed: countOf(rule.id, 'failed'),
    },
  }));
}

/**
 * A checklist template an automation may apply: one only admins change (seeded, or made by someone who is an
 * admin now). A template a staff member keeps for themselves could be changed by them after the rule is saved,
 * and an admin's rule would then carry their words onto files they may not work. Else a 422.
 */
export async function assertFirmTemplate(db: Pick<Database, 'select'>, templateId: string): Promise<void> {
  const [template] = await db
    .select({ createdBy: requestTemplates.createdBy, role: users.role })
    .from(requestTemplates)
    .leftJoin(users, eq(users.id, requestTemplates.createdBy))
    .where(eq(requestTemplates.id, templateId));
  if (template && template.createdBy !== null && template.role !== 'admin') {
    throw AppError.onField('UNPROCESSABLE', 'template_id', MESSAGES.AUTOMATION_TEMPLATE_NOT_FIRMS);
  }
}

/**
 * Add a rule (paused unless told otherwise) or change one. What the action names is checked now, as this
 * admin (the template, the canned message, the price list items, the assignees); the rule's actions are
 * theirs from now on. Audited with the rule's words.
 */
export async function saveAutomation(
  db: Database,
  actor: StaffActor,
  body: StaffAutomationSaveInput,
): Promise<string> {
  const summary = await describeFileAction(db, actor, body.action);
  if (body.action.kind === 'template') await assertFirmTemplate(db, body.action.template_id);
  const fields = {
    name: body.name,
    status: body.status,
    indiaOnly: body.india_only,
    action: body.action,
    summary,
    updatedBy: actor.userId,
    updatedAt: new Date(),
    ...(body.paused === undefined ? {} : { paused: body.paused }),
  };
  return db.transaction(async (tx) => {
    let ruleId = body.rule_id;
    if (ruleId) {
      const [row] = await tx
        .update(automationRules)
        .set(fields)
        .where(eq(automationRules.id, ruleId))
        .returning({ id: automationRules.id });
      if (!row) throw notFound();
    } else {
      const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(automationRules);
      if (n >= AUTOMATION_MAX_RULES)
        throw new AppError('UNPROCESSABLE', { message: MESSAGES.AUTOMATION_LIMIT });
      const [row] = await tx
        .insert(automationRules)
        .values({ ...fields, paused: body.paused ?? true })
        .returning({ id: automationRules.id });
      if (!row) throw new Error('automation not written');
      ruleId = row.id;
    }
    const condition = body.india_only ? ', India-linked files only' : '';
    await audit(tx, {
      actor,
      action: 'staff.automation.save',
      subject: `${ruleId} "${body.name}": when ${body.status}${condition}, ${summary}`,
    });
    return ruleId;
  });
}

/** Pause a rule (it fires on nothing) or resume it: from then on its actions are the resumer's. */
export async function pauseAutomation(
  db: Database,
  actor: StaffActor,
  input: { ruleId: string; paused: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(automationRules)
      .set({
        paused: input.paused,
        updatedAt: new Date(),
        ...(input.paused ? {} : { updatedBy: actor.userId }),
      })
      .where(eq(automationRules.id, input.ruleId))
      .returning({ name: automationRules.name });
    if (!row) throw notFound();
    await audit(tx, {
      actor,
      action: input.paused ? 'staff.automation.pause' : 'staff.automation.resume',
      subject: `${input.ruleId} "${row.name}"`,
    });
  });
}

/**
 * The files a rule with this trigger would have acted on in the last 30 days: each entry into the status
 * (latest first), among files with an India tie when the rule asks for one (as they are now). A rule fires
 * only on entries after it is saved and while it runs: the preview shows what it would have done.
 */
export async function previewAutomation(
  db: Database,
  actor: StaffActor,
  input: { status: FileStatus; indiaOnly: boolean },
): Promise<{ total: number; files: PreviewRow[] }> {
  const where = and(
    // An admin working offshore is not shown the files they may not open.
    workableFilingsWhere(actor, { triage: true }),
    eq(filingStatusHistory.toStatus, input.status),
    gte(filingStatusHistory.createdAt, daysAgo(AUTOMATION_PREVIEW_DAYS)),
    input.indiaOnly ? sql`file_has_india_tie(${filings.id})` : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(filingStatusHistory)
    .innerJoin(filings, eq(filings.id, filingStatusHistory.filingId))
    .where(where);
  const rows = await db
    .select({
      clientId: clients.id,
      first: clients.firstName,
      last: clients.lastName,
      fileNumber: clients.fileNumber,
      taxYear: filings.taxYear,
      at: filingStatusHistory.createdAt,
    })
    .from(filingStatusHistory)
    .innerJoin(filings, eq(filings.id, filingStatusHistory.filingId))
    .innerJoin(clients, eq(clients.id, filings.clientId))
    .where(where)
    .orderBy(desc(filingStatusHistory.createdAt))
    .limit(PREVIEW_LISTED);
  return {
    total,
    files: rows.map((row) => ({
      client_id: row.clientId,
      name: `${row.first} ${row.last}`,
      file_number: row.fileNumber,
      tax_year: row.taxYear,
      entered_at: row.at.toISOString(),
    })),
  };
}
type PreviewRow = {
  client_id: string;
  name: string;
  file_number: string | null;
  tax_year: number;
  entered_at: string;
};
