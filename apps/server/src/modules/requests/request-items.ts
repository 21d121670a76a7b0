/**
 * The checklist's items as their owner writes them: added at the end, numbered, and every change kept in the
 * item's history with who and when (audited). Other modules call these (`addItem`, `markItemUploaded`).
 */
import { canEditProfile, type FileStatus, type RequestItemStatus } from '@taxfirm/contract';
import { and, asc, eq, isNull, requestItemEvents, requestItems, sql, type Database } from '@taxfirm/db';
import type { Actor, ClientActor, StaffActor, SystemActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

/** A database or a transaction. */
type Tx = Pick<Database, 'select' | 'insert' | 'update'>;
type RequestItemRow = typeof requestItems.$inferSelect;

/**
 * Is the filing still collecting documents? The checklist follows the profile's rule (DESIGN.md "File
 * statuses"): open from To Be Assigned through Other Docs Pending, read-only from Preparation Pending on.
 * Suggestions are made, and the client and staff change items, only while it is open.
 */
export const isCollecting = (status: FileStatus) => canEditProfile(status);

/**
 * An item made by "Print, sign and upload instead" (issue 19, `signature:<document id>`): a document to sign
 * comes late (a Form 8879 after the return is prepared), so its item takes the wet-signed pages, and staff
 * review them, whatever the filing's status; every other item only while documents are collected.
 */
export const isSignatureItem = (item: { sourceKey: string | null }) =>
  item.sourceKey?.startsWith('signature:') === true;
export const canWorkItem = (status: FileStatus, item: { sourceKey: string | null }) =>
  isCollecting(status) || isSignatureItem(item);

export async function nextPosition(tx: Pick<Database, 'select'>, filingId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${requestItems.position}) + 1, 0)::int` })
    .from(requestItems)
    .where(and(eq(requestItems.filingId, filingId), isNull(requestItems.removedAt)));
  return Number(row?.next ?? 0);
}

/**
 * Add one item at the end of a filing's checklist (another domain's request, such as a document to sign on
 * paper), its creation in the item's history: the one way another module adds to a checklist.
 */
export async function addItem(
  tx: Tx,
  filing: { id: string; clientId: string },
  fields: Pick<
    typeof requestItems.$inferInsert,
    'type' | 'title' | 'note' | 'required' | 'source' | 'sourceKey' | 'createdBy' | 'person' | 'dependentId'
  >,
  actor: ClientActor | StaffActor,
): Promise<RequestItemRow> {
  const [item] = await tx
    .insert(requestItems)
    .values({
      ...fields,
      filingId: filing.id,
      clientId: filing.clientId,
      position: await nextPosition(tx, filing.id),
    })
    .returning();
  if (!item) throw new Error('item not written');
  await recordItemEvent(tx, { item, action: 'created', from: null, to: 'requested', actor });
  return item;
}

/** Number the filing's live items 0, 1, 2, … in their present order (after a removal or a skipped insert). */
export async function compactPositions(tx: Tx, filingId: string): Promise<void> {
  const live = await tx
    .select({ id: requestItems.id, position: requestItems.position })
    .from(requestItems)
    .where(and(eq(requestItems.filingId, filingId), isNull(requestItems.removedAt)))
    .orderBy(asc(requestItems.position), asc(requestItems.createdAt), asc(requestItems.id));
  for (const [index, row] of live.entries()) {
    if (row.position !== index) {
      await tx.update(requestItems).set({ position: index }).where(eq(requestItems.id, row.id));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------------------------

/**
 * Keep one change of an item: a request_item_events row (who: client, staff or the system; when: now) and
 * the audit row, in the caller's transaction, so the change, its history and its audit commit together.
 * `action`: created, edited, uploaded, accepted, rejected, not_applicable, later, reopened, removed, reminded.
 * The reason is kept in the history only, never in the audit log (it is free text).
 */
export async function recordItemEvent(
  tx: Pick<Database, 'insert'>,
  event: {
    item: Pick<RequestItemRow, 'id' | 'clientId'>;
    action: string;
    from: RequestItemStatus | null;
    to: RequestItemStatus | null;
    reason?: string | null;
    actor: ClientActor | StaffActor | SystemActor;
  },
): Promise<void> {
  const { actor } = event;
  await tx.insert(requestItemEvents).values({
    itemId: event.item.id,
    clientId: event.item.clientId,
    action: event.action,
    fromStatus: event.from,
    toStatus: event.to,
    reason: event.reason ?? null,
    actorKind: actor.kind,
    actorId: actor.kind === 'system' ? null : actor.userId,
  });
  await audit(tx, {
    actor: actor as Actor,
    action: `${actor.kind === 'staff' ? 'staff.' : ''}request.${event.action}`,
    clientId: event.item.clientId,
    subject: `${event.item.id}: ${event.from ?? '-'} -> ${event.to ?? '-'}`,
  });
}

/**
 * Files came for an item (the client's upload, or a message's attachment filed by staff): the item moves to
 * "uploaded" (a promised date no longer applies) and the move is recorded in its history and the audit log.
 */
export async function markItemUploaded(
  tx: Tx,
  event: {
    item: Pick<RequestItemRow, 'id' | 'clientId' | 'status'>;
    reason: string;
    actor: ClientActor | StaffActor;
  },
): Promise<void> {
  await tx
    .update(requestItems)
    .set({ status: 'uploaded', laterDate: null, updatedAt: new Date() })
    .where(eq(requestItems.id, event.item.id));
  await recordItemEvent(tx, {
    item: event.item,
    action: 'uploaded',
    from: event.item.status,
    to: 'uploaded',
    reason: event.reason,
    actor: event.actor,
  });
}

/**
 * The columns that change when an item (re)enters requested or rejected: the reminder schedule starts
 * again from now (the shared rule between the checklist and the reminders).
 */
export const restartReminders = () => ({
  requestedAt: new Date(),
  remindersSent: 0,
  lastRemindedAt: null,
});

/**
 * Mark an item not applicable (the client or staff), with an optional reason, kept in its history. The same
 * mark again changes nothing: false then.
 */
export async function setNotApplicable(
  tx: Tx,
  item: RequestItemRow,
  reason: string | null | undefined,
  actor: ClientActor | StaffActor,
): Promise<boolean> {
  const trimmed = reason?.trim() || null;
  if (item.status === 'not_applicable' && item.reason === trimmed) return false;
  await tx
    .update(requestItems)
    .set({ status: 'not_applicable', reason: trimmed, laterDate: null, updatedAt: new Date() })
    .where(eq(requestItems.id, item.id));
  await recordItemEvent(tx, {
    item,
    action: 'not_applicable',
    from: item.status,
    to: 'not_applicable',
    reason: trimmed,
    actor,
  });
  return true;
}
