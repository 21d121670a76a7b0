/**
 * The organizer on the client file (issue 37): staff read it with its findings (audited, as every staff read
 * of a client's data), change answers with a reason (audited), and send it to the client; admins keep the
 * firm's version of the questions. The file is checked as for every staff call (`getWorkableFiling`).
 */
import {
  applyFirmChanges,
  builtInOrganizer,
  changedFromLastYear,
  cleanAnswers,
  fbarDecision,
  FIRM_QUESTION_PREFIX,
  foreignTaxInputs,
  form8938Decision,
  MESSAGES,
  organizerDeliverables,
  pficFunds,
  substantialPresence,
  type Answers,
  type FirmChanges,
  type Money,
  type OrganizerDefinition,
  type OrganizerFindings,
  type StaffOrganizerDefinitionSaveBody,
} from '@taxfirm/contract';
import { desc, eq, organizerAnswers, organizerDefinitions, sql } from '@taxfirm/db';
import { randomBytes } from 'node:crypto';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { getWorkableFiling } from '../filings/filings.service.ts';
import { isCollecting } from '../requests/request-items.ts';
import { organizerRequested, type FirmVoice } from '../notifications/client-events.ts';
import {
  currentDefinition,
  definitionOf,
  findOrganizer,
  lastYearAnswers,
  openAnswers,
  ratesOf,
  withKeptIdentities,
} from './organizer-store.ts';
import {
  answersProblem,
  applyFindings,
  organizerView,
  writeAnswers,
  type OrganizerDeps,
} from './organizer.service.ts';

type FileKey = { clientId: string; taxYear: number };

const moneyLine = (money: Money | null, usd: number | null) => ({
  amount: money?.amount ?? null,
  currency: money?.currency ?? null,
  usd,
});

/** What the answers mean, at the year's rates: the flags and worksheets staff see. */
export async function findingsOf(
  db: OrganizerDeps['db'],
  answers: Answers,
  taxYear: number,
): Promise<OrganizerFindings> {
  const { rates, rows } = await ratesOf(db, taxYear);
  const presence = substantialPresence(answers, taxYear);
  const fbar = fbarDecision(answers, rates, taxYear);
  const f8938 = form8938Decision(answers, rates, taxYear);
  const used = new Set([
    ...fbar.accounts.flatMap((a) => [a.max?.currency, a.yearEnd?.currency]),
    ...pficFunds(answers, rates).map((f) => f.value?.currency),
  ]);
  return {
    presence: {
      applies: presence.applies,
      weighted_days: presence.weightedDays,
      meets: presence.meets,
      explanation: presence.explanation,
    },
    fbar: {
      decision: fbar.decision,
      aggregate_max_usd: fbar.aggregateMaxUsd,
      reason: fbar.reason,
      missing_rates: fbar.missingRates,
      accounts: fbar.accounts.map((a) => ({
        bank: a.bank,
        country: a.country,
        type: a.type,
        joint_holder: a.jointHolder,
        max: moneyLine(a.max, a.maxUsd),
        year_end: moneyLine(a.yearEnd, a.yearEndUsd),
      })),
    },
    form_8938: {
      decision: f8938.decision,
      year_end_usd: f8938.yearEndUsd,
      any_time_usd: f8938.anyTimeUsd,
      threshold_year_end: f8938.thresholds.yearEnd,
      threshold_any_time: f8938.thresholds.anyTime,
      reason: f8938.reason,
    },
    pfic: pficFunds(answers, rates).map((f) => ({
      house: f.house,
      folio: f.folio,
      scheme: f.scheme,
      value: moneyLine(f.value, f.valueUsd),
    })),
    foreign_tax: foreignTaxInputs(answers).map((line) => ({
      kind: line.kind,
      currency: line.currency,
      jan_mar: line.janMar,
      apr_dec: line.aprDec,
      calendar_year: line.calendarYear,
      tds_jan_mar: line.tdsJanMar,
      tds_apr_dec: line.tdsAprDec,
      tds_calendar_year: line.tdsCalendarYear,
    })),
    deliverables: organizerDeliverables(answers, rates, taxYear),
    rates: rows
      .filter((r) => used.has(r.currency))
      .map((r) => ({ currency: r.currency, units_per_usd: r.unitsPerUsd, source: r.source })),
  };
}

/** A file's organizer for staff, audited as a read of the client's data. */
export async function staffGetOrganizer(deps: OrganizerDeps & { actor: StaffActor; key: FileKey }) {
  const filing = await getWorkableFiling(deps.db, deps.actor, deps.key);
  const view = await organizerView(deps, filing);
  const lastYear = await lastYearAnswers(deps.db, deps.keyring, filing.clientId, filing.taxYear);
  await audit(deps.db, { actor: deps.actor, action: 'staff.organizer.view', clientId: filing.clientId });
  return {
    organizer: view.organizer,
    changed: view.row?.state === 'sent' ? changedFromLastYear(view.answers, lastYear) : [],
    findings: await findingsOf(deps.db, view.answers, filing.taxYear),
    requested_at: view.row?.requestedAt?.toISOString() ?? null,
  };
}

/**
 * Staff change the answers, with the reason (audited): checked against the version they were given to; a
 * sent organizer stays sent, and what the new answers imply is added to the checklist.
 */
export async function staffSaveOrganizer(
  deps: OrganizerDeps & { actor: StaffActor; key: FileKey; answers: Answers; reason: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // The filing locked for update: a first write by two staff at once is one after the other, not a clash.
    const filing = await getWorkableFiling(tx, deps.actor, deps.key, 'update');
    const row = await findOrganizer(tx, filing.id, 'update');
    // As staff read it (organizerView): a sent organizer with its own version, an open one with the one in force.
    const definition =
      row?.state === 'sent'
        ? await definitionOf(tx, filing.taxYear, row.definitionVersion)
        : await currentDefinition(tx, filing.taxYear);
    const kept = row ? openAnswers(deps.keyring, row) : {};
    const { answers, problems } = cleanAnswers(
      definition,
      withKeptIdentities(definition, deps.answers, kept),
    );
    if (problems.length > 0) throw answersProblem(problems);
    const sent = row?.state === 'sent';
    const findings = sent ? await applyFindings(tx, filing, answers) : null;
    await writeAnswers(tx, deps.keyring, filing, row, {
      definition,
      answers,
      state: sent ? 'sent' : 'in_progress',
      ...(findings ? { suggestedKinds: findings.suggestedKinds } : {}),
    });
    await audit(tx, {
      actor: deps.actor,
      action: 'staff.organizer.save',
      clientId: filing.clientId,
      subject: deps.reason,
    });
  });
}

/** How long after asking staff may ask again (a double click, two staff at once). */
const ASK_AGAIN_AFTER_MINUTES = 10;

/** Ask the client to fill in the organizer: an e-mail and the bell now, reminders on the checklist's schedule. */
export async function staffSendOrganizer(
  deps: OrganizerDeps & { actor: StaffActor; key: FileKey; voice: FirmVoice; currentTaxYear: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const filing = await getWorkableFiling(tx, deps.actor, deps.key, 'update');
    // Only what the client can answer: the current year's organizer, while the file collects information.
    if (filing.taxYear !== deps.currentTaxYear || !isCollecting(filing.status)) {
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.ORGANIZER_CLOSED });
    }
    const row = await findOrganizer(tx, filing.id, 'update');
    if (row?.state === 'sent')
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.ORGANIZER_SENT_BY_CLIENT });
    if (row?.requestedAt && Date.now() - row.requestedAt.getTime() < ASK_AGAIN_AFTER_MINUTES * 60_000) {
      throw new AppError('UNPROCESSABLE', { message: MESSAGES.ORGANIZER_REQUESTED_RECENTLY });
    }
    const asked = {
      requestedAt: sql`now()`,
      requestedBy: deps.actor.userId,
      remindersSent: 0,
      lastRemindedAt: null,
    };
    if (row) {
      await tx.update(organizerAnswers).set(asked).where(eq(organizerAnswers.id, row.id));
    } else {
      await tx
        .insert(organizerAnswers)
        .values({ filingId: filing.id, clientId: filing.clientId, taxYear: filing.taxYear, ...asked });
    }
    await organizerRequested(tx, deps.voice, { clientId: filing.clientId, taxYear: filing.taxYear });
    await audit(tx, { actor: deps.actor, action: 'staff.organizer.send', clientId: filing.clientId });
  });
}

// ---------------------------------------------------------------------------------------------------------
// The firm's version of the questions (admins)
// ---------------------------------------------------------------------------------------------------------

export async function getDefinition(db: OrganizerDeps['db'], taxYear: number) {
  return { definition: await currentDefinition(db, taxYear), built_in: builtInOrganizer(taxYear) };
}

const invalid = (message: string) => new AppError('UNPROCESSABLE', { message });

/**
 * Save the firm's changes as the next version: what is turned off must name a built-in section or question,
 * a question of the firm's keeps its id (answers to it stay theirs) or gets a new one. Answers already given
 * keep reading with the version they were given to.
 */
export async function saveDefinition(
  db: OrganizerDeps['db'],
  actor: StaffActor,
  input: { taxYear: number; body: StaffOrganizerDefinitionSaveBody },
): Promise<{ definition: OrganizerDefinition; built_in: OrganizerDefinition }> {
  const base = builtInOrganizer(input.taxYear);
  const known = new Set(base.sections.flatMap((s) => [s.id, ...s.questions.map((q) => `${s.id}.${q.id}`)]));
  if (!input.body.off.every((id) => known.has(id))) throw invalid(MESSAGES.ORGANIZER_DEFINITION_UNKNOWN_ID);
  const sectionIds = new Set(base.sections.map((s) => s.id));
  const current = await currentDefinition(db, input.taxYear);
  const firmIds = new Set(
    current.sections.flatMap((s) => s.questions.filter((q) => q.firm).map((q) => q.id)),
  );
  const questions: FirmChanges['questions'] = input.body.questions.map((q) => {
    if (!sectionIds.has(q.section_id)) throw invalid(MESSAGES.ORGANIZER_FIRM_QUESTION_INVALID);
    if (q.id !== undefined && !firmIds.has(q.id)) throw invalid(MESSAGES.ORGANIZER_FIRM_QUESTION_INVALID);
    return {
      sectionId: q.section_id,
      id: q.id ?? `${FIRM_QUESTION_PREFIX}${randomBytes(6).toString('hex')}`,
      type: q.type,
      label: q.label,
      help: q.help || undefined,
      required: q.required ?? false,
      choices: q.type === 'choice' ? q.choices : undefined,
    };
  });
  const changes: FirmChanges = { off: [...new Set(input.body.off)], questions };
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ version: organizerDefinitions.version })
      .from(organizerDefinitions)
      .where(eq(organizerDefinitions.taxYear, input.taxYear))
      .orderBy(desc(organizerDefinitions.version))
      .limit(1);
    const definition = applyFirmChanges(base, changes, (last?.version ?? 0) + 1);
    const [saved] = await tx
      .insert(organizerDefinitions)
      .values({
        taxYear: input.taxYear,
        version: definition.version,
        definition,
        changes,
        createdBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning({ id: organizerDefinitions.id });
    if (!saved) throw new AppError('CONFLICT', { message: MESSAGES.ORGANIZER_DEFINITION_CONFLICT });
    await audit(tx, {
      actor,
      action: 'staff.organizer.definition',
      subject: `${input.taxYear} v${definition.version}: ${changes.off.length} off, ${questions.length} own`,
    });
    return { definition, built_in: base };
  });
}
