/**
 * Staff changes to a file's checklist, one call each: add, edit, remove, mark not applicable, reopen,
 * reorder, apply a template. Each runs in one transaction on the locked filing, by staff who may work the
 * file (`getWorkableFiling`), while the file collects documents; every change lands in the item's history
 * (or the audit log, for a new order).
 */
import type { CALLS, CallBody, RequestItemInput, RequestPerson, RequestItemType } from '@taxfirm/contract';
import { and, dependents, eq, isNull, requestItems, requestTemplates, type Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { getWorkableFiling, type Filing } from '../filings/filings.service.ts';
import {
  addItem,
  compactPositions,
  isCollecting,
  nextPosition,
  recordItemEvent,
  restartReminders,
  setNotApplicable,
} from './request-items.ts';
import type { Tx } from './requests.service.ts';
import { liveItem, locked, STAFF_REQUEST_MESSAGES } from './requests.staff.service.ts';

/** One change to the checklist of the file `body` names, for the tax year the route resolved. */
export type ChecklistChange<B> = { db: Database; actor: StaffActor; taxYear: number; body: B };
type Body<C extends keyof typeof CALLS> = CallBody<(typeof CALLS)[C]>;

/** Run a change on the locked filing, refused once the file no longer collects documents. */
function changeChecklist<B extends { client_id: string }>(
  deps: ChecklistChange<B>,
  change: (tx: Tx, filing: Filing) => Promise<void>,
): Promise<void> {
  const { actor, body } = deps;
  return deps.db.transaction(async (tx) => {
    const filing = await getWorkableFiling(
      tx,
      actor,
      { clientId: body.client_id, taxYear: deps.taxYear },
      'update',
    );
    if (!isCollecting(filing.status)) throw locked();
    await change(tx, filing);
  });
}

/** An item as staff wrote it, checked: a dependent must be one of this client's. */
async function itemFields(tx: Tx, clientId: string, input: RequestItemInput) {
  let person: RequestPerson | null = input.person ?? null;
  let dependentId: string | null = null;
  if (input.dependent_id) {
    const [dependent] = await tx
      .select({ id: dependents.id })
      .from(dependents)
      .where(and(eq(dependents.id, input.dependent_id), eq(dependents.clientId, clientId)));
    if (!dependent || (person !== null && person !== 'dependent')) {
      throw new AppError('VALIDATION_FAILED', {
        message: STAFF_REQUEST_MESSAGES.DEPENDENT_INVALID,
        details: { 'item.dependent_id': STAFF_REQUEST_MESSAGES.DEPENDENT_INVALID },
      });
    }
    person = 'dependent';
    dependentId = dependent.id;
  }
  return {
    type: input.type,
    title: input.title.trim(),
    person,
    dependentId,
    note: input.note?.trim() || null,
    required: input.required ?? true,
  };
}

/** Add an item at the end of the checklist. */
export function addChecklistItem(deps: ChecklistChange<Body<'staffRequestsItemsAdd'>>) {
  return changeChecklist(deps, async (tx, filing) => {
    const fields = await itemFields(tx, filing.clientId, deps.body.item);
    await addItem(tx, filing, { ...fields, source: 'staff', createdBy: deps.actor.userId }, deps.actor);
  });
}

/** Rewrite an item's type, title, person, note and whether it is required. */
export function editChecklistItem(deps: ChecklistChange<Body<'staffRequestsItemsEdit'>>) {
  return changeChecklist(deps, async (tx, filing) => {
    const item = await liveItem(tx, filing, deps.body.item_id);
    const fields = await itemFields(tx, filing.clientId, deps.body.item);
    await tx
      .update(requestItems)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(requestItems.id, item.id));
    await recordItemEvent(tx, {
      item,
      action: 'edited',
      from: item.status,
      to: item.status,
      actor: deps.actor,
    });
  });
}

/** Remove an item: the row stays (with its history and its source key, so it is not suggested again). */
export function removeChecklistItem(deps: ChecklistChange<Body<'staffRequestsItemsRemove'>>) {
  return changeChecklist(deps, async (tx, filing) => {
    const item = await liveItem(tx, filing, deps.body.item_id);
    await tx
      .update(requestItems)
      .set({ removedAt: new Date(), updatedAt: new Date() })
      .where(eq(requestItems.id, item.id));
    await recordItemEvent(tx, { item, action: 'removed', from: item.status, to: null, actor: deps.actor });
    await compactPositions(tx, filing.id);
  });
}

/** Mark an item not applicable, with an optional reason; the same mark again changes nothing. */
export function markItemNotApplicable(deps: ChecklistChange<Body<'staffRequestsItemsNotApplicable'>>) {
  return changeChecklist(deps, async (tx, filing) => {
    const item = await liveItem(tx, filing, deps.body.item_id);
    await setNotApplicable(tx, item, deps.body.reason, deps.actor);
  });
}

/** Ask for an item again (back to requested, its reminders start over); a requested one is left alone. */
export function reopenChecklistItem(deps: ChecklistChange<Body<'staffRequestsItemsReopen'>>) {
  return changeChecklist(deps, async (tx, filing) => {
    const item = await liveItem(tx, filing, deps.body.item_id);
    if (item.status === 'requested') return;
    await tx
      .update(requestItems)
      .set({
        status: 'requested',
        reason: null,
        laterDate: null,
        ...restartReminders(),
        updatedAt: new Date(),
      })
      .where(eq(requestItems.id, item.id));
    await recordItemEvent(tx, {
      item,
      action: 'reopened',
      from: item.status,
      to: 'requested',
      actor: deps.actor,
    });
  });
}

/** Put the items in a new order: every live item id, once (audited). */
export function reorderChecklist(deps: ChecklistChange<Body<'staffRequestsItemsReorder'>>) {
  return changeChecklist(deps, async (tx, filing) => {
    const live = await tx
      .select({ id: requestItems.id })
      .from(requestItems)
      .where(and(eq(requestItems.filingId, filing.id), isNull(requestItems.removedAt)))
      .for('update');
    const ids = deps.body.item_ids;
    const liveIds = new Set(live.map((row) => row.id));
    if (
      ids.length !== liveIds.size ||
      new Set(ids).size !== ids.length ||
      !ids.every((id) => liveIds.has(id))
    ) {
      throw new AppError('VALIDATION_FAILED', {
        message: STAFF_REQUEST_MESSAGES.REORDER_MISMATCH,
        details: { item_ids: STAFF_REQUEST_MESSAGES.REORDER_MISMATCH },
      });
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(requestItems).set({ position }).where(eq(requestItems.id, id));
    }
    await audit(tx, {
      actor: deps.actor,
      action: 'staff.request.reorder',
      clientId: filing.clientId,
      subject: String(filing.taxYear),
    });
  });
}

export type TemplateItem = {
  type: RequestItemType;
  title: string;
  person?: RequestPerson | null;
  note?: string | null;
  required: boolean;
};

/**
 * Add a template's items the filing does not have yet. Each is known by the template and its type and
 * title, so applying a template twice adds nothing the second time (and an item removed from the file is
 * not brought back by it).
 */
export function applyTemplate(deps: ChecklistChange<Body<'staffRequestsApplyTemplate'>>) {
  return changeChecklist(deps, async (tx, filing) => {
    const [template] = await tx
      .select()
      .from(requestTemplates)
      .where(eq(requestTemplates.id, deps.body.template_id));
    if (!template) {
      throw new AppError('NOT_FOUND', { message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOT_FOUND });
    }
    const start = await nextPosition(tx, filing.id);
    const keyOf = (item: TemplateItem) =>
      `template:${template.id}:${item.type}:${item.title.trim().toLowerCase()}`;
    const unique = template.items.filter(
      (item, index, all) => all.findIndex((other) => keyOf(other) === keyOf(item)) === index,
    );
    if (unique.length === 0) return;
    const added = await tx
      .insert(requestItems)
      .values(
        unique.map((item, index) => ({
          filingId: filing.id,
          clientId: filing.clientId,
          position: start + index,
          type: item.type,
          title: item.title,
          person: item.person ?? null,
          note: item.note ?? null,
          required: item.required,
          source: 'template' as const,
          sourceKey: keyOf(item),
          createdBy: deps.actor.userId,
        })),
      )
      .onConflictDoNothing({ target: [requestItems.filingId, requestItems.sourceKey] })
      .returning();
    for (const item of added) {
      await recordItemEvent(tx, { item, action: 'created', from: null, to: 'requested', actor: deps.actor });
    }
    if (added.length < unique.length) await compactPositions(tx, filing.id);
  });
}
