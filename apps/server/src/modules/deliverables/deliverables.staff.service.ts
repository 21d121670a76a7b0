/**
 * What the firm files for a client's tax year (issue 35). The federal return is the filing itself: its status
 * is the specification's file status and its owner the file's analyst; its extension and due date live on the
 * filing (`setFederalDueDate`). The other deliverables (state, FBAR, extension, amended, ITR, other) are rows
 * of their own, each with an owner, a short status and a due date: the rule's (`dueDateOf`) unless staff gave
 * another with a reason. Every change is checked on the file (`getWorkableFiling`) and audited.
 */
import {
  DELIVERABLE_KIND_LABELS,
  EXTENDABLE_DELIVERABLE_KINDS,
  MESSAGES,
  type AddedDeliverableKind,
  type Deliverable,
  type DeliverableKind,
  type DeliverableStatus,
} from '@taxfirm/contract';
import { and, deliverables, eq, organizerAnswers, taxpayerProfiles, users, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import {
  assertCanBeGiven,
  getWorkableFiling,
  setFederalDueDate,
  type Filing,
} from '../filings/filings.service.ts';
import { indiaTiesOfClient } from '../requests/checklist-suggestions.ts';
import { deliverablesOfFiling } from './deliverables.service.ts';

type FileKey = { clientId: string; taxYear: number };

/** States without a tax on wages: a resident there files no state return for them. */
const NO_INCOME_TAX_STATES = new Set(
  ['AK', 'FL', 'NV', 'NH', 'SD', 'TN', 'TX', 'WA', 'WY'].concat([
    'ALASKA',
    'FLORIDA',
    'NEVADA',
    'NEW HAMPSHIRE',
    'SOUTH DAKOTA',
    'TENNESSEE',
    'TEXAS',
    'WASHINGTON',
    'WYOMING',
  ]),
);

/** The file's deliverables (the federal return first, then by due date) and the kinds its profile suggests. */
export async function listDeliverables({
  db,
  actor,
  key,
}: {
  db: Database;
  actor: StaffActor;
  key: FileKey;
}): Promise<{
  deliverables: Deliverable[];
  suggestions: { kind: AddedDeliverableKind; label: string | null; reason: string }[];
}> {
  const filing = await getWorkableFiling(db, actor, key);
  const list = await deliverablesOfFiling(db, filing);
  const present = new Set(list.flatMap((d) => (d.kind === 'federal' ? [] : [d.kind])));
  return { deliverables: list, suggestions: await suggestionsFor(db, filing, present) };
}

/**
 * What the profile says the firm may file besides the federal return: the ITR and the FBAR for a client with
 * ties to India (staff confirm: the FBAR is due only when foreign accounts together passed $10,000 in the year),
 * a state return for a state with an income tax.
 */
async function suggestionsFor(db: Database, filing: Filing, present: Set<AddedDeliverableKind>) {
  const out: { kind: AddedDeliverableKind; label: string | null; reason: string }[] = [];
  // The sent organizer says more than the profile: its reasons come first.
  const [organizer] = await db
    .select({ kinds: organizerAnswers.suggestedKinds })
    .from(organizerAnswers)
    .where(and(eq(organizerAnswers.filingId, filing.id), eq(organizerAnswers.state, 'sent')));
  const fromOrganizer = new Set(organizer?.kinds ?? []);
  const india = await indiaTiesOfClient(db, filing.clientId);
  if (!present.has('itr') && (fromOrganizer.has('itr') || india.ties)) {
    out.push({
      kind: 'itr',
      label: null,
      reason: fromOrganizer.has('itr')
        ? 'The organizer: the client earned income in India or asks us to file the Indian return.'
        : 'The profile shows ties to India.',
    });
  }
  if (!present.has('fbar') && (fromOrganizer.has('fbar') || india.ties)) {
    out.push({
      kind: 'fbar',
      label: null,
      reason: fromOrganizer.has('fbar')
        ? "The organizer: the foreign accounts' maximum values add up to more than $10,000."
        : 'The profile shows ties to India: an FBAR is due if foreign accounts together passed $10,000.',
    });
  }
  if (!present.has('state')) {
    const [profile] = await db
      .select({ state: taxpayerProfiles.state })
      .from(taxpayerProfiles)
      .where(eq(taxpayerProfiles.clientId, filing.clientId));
    const state = profile?.state?.trim();
    if (state && !NO_INCOME_TAX_STATES.has(state.toUpperCase())) {
      out.push({ kind: 'state', label: state, reason: `The profile's address is in ${state}.` });
    }
  }
  return out;
}

export type SaveDeliverableInput = {
  deliverableId?: string;
  kind: DeliverableKind;
  label?: string;
  ownerId?: string | null;
  status?: DeliverableStatus;
  extended?: boolean;
  dueOn?: string | null;
  dueReason?: string;
};

const invalid = (field: string, message: string) => AppError.onField('VALIDATION_FAILED', field, message);

/** Adds a deliverable, or changes one; answers its id (null for the federal return). */
export async function saveDeliverable({
  db,
  actor,
  key,
  input,
}: {
  db: Database;
  actor: StaffActor;
  key: FileKey;
  input: SaveDeliverableInput;
}): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Every save writes the filing's row: the federal return is the filing itself, and a deliverable's write has
    // the database work the file's next due date out again on it (migration 0047). It is locked for update at
    // once: a share lock first would let two saves at once deadlock on it.
    const filing = await getWorkableFiling(tx, actor, key, 'update');
    if (input.extended && !EXTENDABLE_DELIVERABLE_KINDS.includes(input.kind)) {
      throw invalid('extended', MESSAGES.DELIVERABLE_NOT_EXTENDABLE);
    }
    if (input.kind === 'federal') {
      if (input.deliverableId) throw new AppError('NOT_FOUND', { message: MESSAGES.DELIVERABLE_NOT_FOUND });
      if (input.ownerId !== undefined) throw invalid('owner_id', MESSAGES.DELIVERABLE_FEDERAL_OWNER);
      if (input.status !== undefined) throw invalid('status', MESSAGES.DELIVERABLE_FEDERAL_STATUS);
      await setFederalDueDate(tx, filing.id, input);
      await audit(tx, {
        actor,
        action: 'deliverable.save',
        clientId: filing.clientId,
        subject: `federal: ${changedFields(input)}`,
      });
      return null;
    }
    // Only a deliverable of this file: an id from another client's file is not found here.
    const [stored] = input.deliverableId
      ? await tx
          .select({ kind: deliverables.kind, ownerId: deliverables.ownerId })
          .from(deliverables)
          .where(and(eq(deliverables.id, input.deliverableId), eq(deliverables.filingId, filing.id)))
          .for('update')
      : [];
    if (input.deliverableId && !stored) {
      throw new AppError('NOT_FOUND', { message: MESSAGES.DELIVERABLE_NOT_FOUND });
    }
    if (stored && stored.kind !== input.kind) throw invalid('kind', MESSAGES.DELIVERABLE_KIND_INVALID);
    // A new owner must be able to work the file; the owner a row already has is not asked again.
    if (input.ownerId && input.ownerId !== stored?.ownerId) await assertCanOwn(tx, filing, input.ownerId);
    const change = {
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.ownerId !== undefined ? { ownerId: input.ownerId } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.extended !== undefined ? { extended: input.extended } : {}),
      ...(input.dueOn !== undefined
        ? { dueOn: input.dueOn, dueReason: input.dueOn === null ? null : (input.dueReason ?? null) }
        : {}),
    };
    let id = input.deliverableId;
    if (id) {
      await tx.update(deliverables).set(change).where(eq(deliverables.id, id));
    } else {
      const [row] = await tx
        .insert(deliverables)
        .values({ filingId: filing.id, kind: input.kind, createdBy: actor.userId, ...change })
        .returning({ id: deliverables.id });
      id = row?.id;
    }
    if (!id) throw new Error('deliverable not saved');
    await audit(tx, {
      actor,
      action: 'deliverable.save',
      clientId: filing.clientId,
      subject: `${input.kind}:${id}: ${changedFields(input)}`,
    });
    return id;
  });
}

/** What a save sets, for its audit row: the fields and their new values (the reason's text is not repeated). */
function changedFields(input: SaveDeliverableInput): string {
  const parts = [
    input.label !== undefined && `label=${input.label}`,
    input.ownerId !== undefined && `owner=${input.ownerId ?? 'none'}`,
    input.status !== undefined && `status=${input.status}`,
    input.extended !== undefined && `extended=${input.extended}`,
    input.dueOn !== undefined && `due=${input.dueOn ?? 'rule'}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/**
 * A deliverable's owner works its file: the file's analyst or an admin, as `assertCanWork` admits (and never an
 * offshore member on a US-only file: `assertCanBeGiven`). Another analyst could not open the file they own.
 */
async function assertCanOwn(tx: Pick<Database, 'select'>, filing: Filing, ownerId: string): Promise<void> {
  await assertCanBeGiven(tx, filing, ownerId, 'owner_id');
  if (ownerId === filing.assignedTo) return;
  const [member] = await tx.select({ role: users.role }).from(users).where(eq(users.id, ownerId));
  if (member?.role !== 'admin') throw invalid('owner_id', MESSAGES.DELIVERABLE_OWNER_NOT_ON_FILE);
}

/** Removes a deliverable of the file (the federal return is the file itself: it has no id to remove). */
export async function removeDeliverable({
  db,
  actor,
  key,
  deliverableId,
}: {
  db: Database;
  actor: StaffActor;
  key: FileKey;
  deliverableId: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked for update, as a save locks it: the removal writes the file's next due date.
    const filing = await getWorkableFiling(tx, actor, key, 'update');
    const [row] = await tx
      .delete(deliverables)
      .where(and(eq(deliverables.id, deliverableId), eq(deliverables.filingId, filing.id)))
      .returning({ kind: deliverables.kind });
    if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.DELIVERABLE_NOT_FOUND });
    await audit(tx, {
      actor,
      action: 'deliverable.remove',
      clientId: filing.clientId,
      subject: `${row.kind}:${deliverableId}: ${DELIVERABLE_KIND_LABELS[row.kind]}`,
    });
  });
}
