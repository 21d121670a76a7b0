/**
 * The client's organizer of the year (issue 37). Every call works on the session's client and the year's
 * filing; answers are checked against the definition (`cleanAnswers`: a hidden question's answer is dropped)
 * and sealed. Sending it adds the documents it implies to the checklist (the checklist's own suggestion
 * mechanism, once each), records the deliverables it suggests, and moves a file waiting in Basic Info or
 * Interview Pending on to Docs Upload Pending with the usual status e-mail.
 */
import {
  cleanAnswers,
  MESSAGES,
  organizerDeliverables,
  organizerItems,
  progressOf,
  substantialPresence,
  type Answers,
  type FileStatus,
  type Organizer,
  type OrganizerDefinition,
  type RequestItemType,
} from '@taxfirm/contract';
import { eq, organizerAnswers, sql, type Database } from '@taxfirm/db';
import { randomUUID } from 'node:crypto';
import type { ClientActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { emit } from '../activity/events.ts';
import { findFiling, recordStatusChange, type Filing } from '../filings/filings.service.ts';
import { fileStatusChanged, type FirmVoice } from '../notifications/client-events.ts';
import { addSuggested } from '../requests/checklist-suggestions.ts';
import { isCollecting } from '../requests/request-items.ts';
import {
  carriedFrom,
  currentDefinition,
  definitionOf,
  findOrganizer,
  lastYearAnswers,
  maskedAnswers,
  openAnswers,
  ratesOf,
  sealAnswers,
  withKeptIdentities,
  type OrganizerRow,
} from './organizer-store.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type OrganizerDeps = { db: Database; keyring: Keyring };

/** The statuses a sent organizer moves the file on from, and where to. */
const MOVES_ON_FROM: readonly FileStatus[] = ['Basic Info Pending', 'Interview Pending'];
const MOVES_ON_TO: FileStatus = 'Docs Upload Pending';

/** Problems as the answer carries them: the first one's message, each question's in `details`. */
export function answersProblem(problems: { question: string; message: string }[]): AppError {
  return new AppError('UNPROCESSABLE', {
    message: problems.length === 1 ? (problems[0]?.message ?? '') : MESSAGES.ORGANIZER_ANSWERS_INVALID,
    details: Object.fromEntries(problems.map((p) => [p.question, p.message])),
  });
}

/** The organizer as a reader sees it: with the definition its answers were given to. */
export async function organizerView(
  deps: OrganizerDeps,
  filing: Pick<Filing, 'id' | 'clientId' | 'taxYear'>,
): Promise<{
  organizer: Organizer;
  row: OrganizerRow | null;
  definition: OrganizerDefinition;
  answers: Answers;
}> {
  const row = await findOrganizer(deps.db, filing.id);
  const sent = row?.state === 'sent';
  // A sent organizer reads with its own version; one still open is asked with the questions in force.
  const definition = sent
    ? await definitionOf(deps.db, filing.taxYear, row.definitionVersion)
    : await currentDefinition(deps.db, filing.taxYear);
  const opened = row ? openAnswers(deps.keyring, row) : {};
  const answers = sent ? opened : cleanAnswers(definition, opened).answers;
  const lastYear = await lastYearAnswers(deps.db, deps.keyring, filing.clientId, filing.taxYear);
  const presence = substantialPresence(answers, filing.taxYear);
  return {
    row,
    definition,
    answers,
    organizer: {
      tax_year: filing.taxYear,
      state: row?.state ?? 'not_started',
      definition,
      answers: maskedAnswers(definition, answers),
      progress: progressOf(definition, answers),
      last_year: (() => {
        const carried = carriedFrom(definition, lastYear);
        return carried ? maskedAnswers(definition, carried) : null;
      })(),
      presence: {
        applies: presence.applies,
        weighted_days: presence.weightedDays,
        meets: presence.meets,
        explanation: presence.explanation,
      },
      sent_at: row?.sentAt?.toISOString() ?? null,
      updated_at: row?.updatedAt.toISOString() ?? null,
    },
  };
}

/** The session client's filing of the year, or 404. */
async function clientFiling(
  db: Pick<Database, 'select'>,
  actor: ClientActor,
  taxYear: number,
  lock?: 'update',
) {
  const filing = await findFiling(db, { clientId: actor.clientId, taxYear }, lock);
  if (!filing) throw new AppError('NOT_FOUND', { message: MESSAGES.ORGANIZER_NOT_FOUND });
  return filing;
}

export async function getOrganizer(
  deps: OrganizerDeps & { actor: ClientActor; taxYear: number },
): Promise<Organizer> {
  const filing = await clientFiling(deps.db, deps.actor, deps.taxYear);
  return (await organizerView(deps, filing)).organizer;
}

/**
 * Write a file's answers (sealed) and what is kept in the clear beside them; the row is made on the first
 * write. Answers here are already clean for `definition`.
 */
export async function writeAnswers(
  tx: Tx,
  keyring: Keyring,
  filing: Pick<Filing, 'id' | 'clientId' | 'taxYear'>,
  row: OrganizerRow | null,
  input: {
    definition: OrganizerDefinition;
    answers: Answers;
    state: OrganizerRow['state'];
    suggestedKinds?: string[];
    sentAt?: Date;
  },
): Promise<void> {
  const progress = progressOf(input.definition, input.answers);
  const id = row?.id ?? randomUUID();
  const values = {
    definitionVersion: input.definition.version,
    answersSealed: sealAnswers(keyring, filing.clientId, id, input.answers),
    state: input.state,
    progressDone: progress.done,
    progressTotal: progress.total,
    ...(input.suggestedKinds ? { suggestedKinds: input.suggestedKinds } : {}),
    ...(input.sentAt ? { sentAt: input.sentAt } : {}),
    updatedAt: sql`now()`,
  };
  if (row) {
    await tx.update(organizerAnswers).set(values).where(eq(organizerAnswers.id, row.id));
  } else {
    await tx
      .insert(organizerAnswers)
      .values({ id, filingId: filing.id, clientId: filing.clientId, taxYear: filing.taxYear, ...values });
  }
}

/**
 * The checklist items and deliverables the answers imply: the items added (through the checklist's
 * suggestion mechanism, once each) while documents are collected; answers the kinds suggested and the count.
 */
export async function applyFindings(
  tx: Tx,
  filing: Pick<Filing, 'id' | 'clientId' | 'taxYear' | 'status'>,
  answers: Answers,
): Promise<{ suggestedKinds: string[]; itemsAdded: number }> {
  const { rates } = await ratesOf(tx, filing.taxYear);
  const suggestedKinds = organizerDeliverables(answers, rates, filing.taxYear).map((d) => d.kind);
  if (!isCollecting(filing.status)) return { suggestedKinds, itemsAdded: 0 };
  const itemsAdded = await addSuggested(
    tx,
    filing,
    organizerItems(answers, filing.taxYear).map((item) => ({
      sourceKey: item.key,
      source: 'organizer',
      type: item.type as RequestItemType,
      title: item.title,
      person: 'taxpayer',
      dependentId: null,
      note: item.note,
      required: true,
    })),
  );
  return { suggestedKinds, itemsAdded };
}

/** Open for the client: not sent yet, and the file still collecting information. */
async function openForClient(tx: Tx, deps: OrganizerDeps & { actor: ClientActor; taxYear: number }) {
  const filing = await clientFiling(tx, deps.actor, deps.taxYear, 'update');
  if (!isCollecting(filing.status))
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.ORGANIZER_CLOSED });
  const row = await findOrganizer(tx, filing.id, 'update');
  if (row?.state === 'sent') {
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.ORGANIZER_ALREADY_SENT });
  }
  const definition = await currentDefinition(tx, filing.taxYear);
  const kept = row ? openAnswers(deps.keyring, row) : {};
  return { filing, row, definition, kept };
}

/** Keep the answers so far: checked by type, hidden ones dropped, nothing required yet. */
export async function saveOrganizer(
  deps: OrganizerDeps & { actor: ClientActor; taxYear: number; answers: Answers },
) {
  return deps.db.transaction(async (tx) => {
    const { filing, row, definition, kept } = await openForClient(tx, deps);
    const { answers, problems } = cleanAnswers(
      definition,
      withKeptIdentities(definition, deps.answers, kept),
    );
    if (problems.length > 0) throw answersProblem(problems);
    await writeAnswers(tx, deps.keyring, filing, row, { definition, answers, state: 'in_progress' });
    const presence = substantialPresence(answers, filing.taxYear);
    return {
      state: 'in_progress' as const,
      progress: progressOf(definition, answers),
      presence: {
        applies: presence.applies,
        weighted_days: presence.weightedDays,
        meets: presence.meets,
        explanation: presence.explanation,
      },
    };
  });
}

/** Send the organizer: every required answer that shows given; the checklist and the file move on. */
export async function submitOrganizer(
  deps: OrganizerDeps & { actor: ClientActor; taxYear: number; answers: Answers; voice: FirmVoice },
): Promise<{ itemsAdded: number }> {
  return deps.db.transaction(async (tx) => {
    const { filing, row, definition, kept } = await openForClient(tx, deps);
    const { answers, problems } = cleanAnswers(
      definition,
      withKeptIdentities(definition, deps.answers, kept),
      {
        sending: true,
      },
    );
    if (problems.length > 0) throw answersProblem(problems);
    const { suggestedKinds, itemsAdded } = await applyFindings(tx, filing, answers);
    await writeAnswers(tx, deps.keyring, filing, row, {
      definition,
      answers,
      state: 'sent',
      suggestedKinds,
      sentAt: new Date(),
    });
    if (MOVES_ON_FROM.includes(filing.status)) {
      await recordStatusChange(tx, filing, MOVES_ON_TO, {
        comment: MESSAGES.ORGANIZER_SENT,
        changedBy: null,
      });
      await fileStatusChanged(tx, deps.voice, {
        clientId: filing.clientId,
        taxYear: filing.taxYear,
        status: MOVES_ON_TO,
      });
    }
    await emit(tx, {
      type: 'organizer.sent',
      clientId: filing.clientId,
      taxYear: filing.taxYear,
      items: itemsAdded,
    });
    await audit(tx, { actor: deps.actor, action: 'organizer.submit', subject: `${filing.taxYear}` });
    return { itemsAdded };
  });
}
