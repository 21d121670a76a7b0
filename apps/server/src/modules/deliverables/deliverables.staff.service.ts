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
import { and, deliverables, eq, taxpayerProfiles, type Database } from '@taxfirm/db';
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
  const india = await indiaTiesOfClient(db, filing.clientId);
  if (india.ties && !present.has('itr')) {
    out.push({ kind: 'itr', label: null, reason: 'The profile shows ties to India.' });
  }
  if (india.ties && !present.has('fbar')) {
    out.push({
      kind: 'fbar',
      label: null,
      reason: 'The profile shows ties to India: an FBAR is due if foreign accounts together passed $10,000.',
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

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, details: { [field]: message } });

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
    const filing = await getWorkableFiling(tx, actor, key, 'share');
    if (input.extended && !EXTENDABLE_DELIVERABLE_KINDS.includes(input.kind)) {
      throw invalid('extended', MESSAGES.DELIVERABLE_NOT_EXTENDABLE);
    }
    if (input.kind === 'federal') {
      if (input.deliverableId) throw new AppError('NOT_FOUND', { message: MESSAGES.DELIVERABLE_NOT_FOUND });
      if (input.ownerId !== undefined) throw invalid('owner_id', MESSAGES.DELIVERABLE_FEDERAL_OWNER);
      if (input.status !== undefined) throw invalid('status', MESSAGES.DELIVERABLE_FEDERAL_STATUS);
      await setFederalDueDate(tx, filing.id, input);
      await audit(tx, { actor, action: 'deliverable.save', clientId: filing.clientId, subject: 'federal' });
      return null;
    }
    if (input.ownerId) await assertCanBeGiven(tx, filing, input.ownerId, 'owner_id');
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
      // Only a deliverable of this file: an id from another client's file is not found here.
      const [row] = await tx
        .select({ kind: deliverables.kind })
        .from(deliverables)
        .where(and(eq(deliverables.id, id), eq(deliverables.filingId, filing.id)))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND', { message: MESSAGES.DELIVERABLE_NOT_FOUND });
      if (row.kind !== input.kind) throw invalid('kind', MESSAGES.DELIVERABLE_KIND_INVALID);
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
      subject: `${input.kind}:${id}`,
    });
    return id;
  });
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
    const filing = await getWorkableFiling(tx, actor, key, 'share');
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
