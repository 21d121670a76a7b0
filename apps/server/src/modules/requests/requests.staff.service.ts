/**
 * The checklist from the staff side: listed with progress and history, edited (add, edit, remove, reorder,
 * reopen, not applicable, a template applied), reviewed (accept or reject with a reason the client sees),
 * and the firm's named templates. The file-assignment rules are the filing's (`getWorkableFiling` /
 * `assertCanWork`, review F-04): an analyst works only the files assigned to them, admins every file. Every
 * change is checked on the locked filing, in the transaction that writes it.
 */
import {
  MESSAGES,
  type FileStatus,
  type RequestItemInput,
  type RequestProgress,
  type RequestPerson,
  type RequestItemType,
  type StaffRequestsSaveBody,
} from '@taxfirm/contract';
import {
  and,
  asc,
  dependents,
  documents,
  count,
  eq,
  isNull,
  ne,
  requestItems,
  requestTemplates,
  sql,
  type Database,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { firmDateFormat } from '../../lib/firm-time.ts';
import { getWorkableFiling, type Filing } from '../filings/filings.service.ts';
import { checklistItemRejected } from '../notifications/client-events.ts';
import {
  compactPositions,
  canWorkItem,
  isCollecting,
  nextPosition,
  recordItemEvent,
  restartReminders,
} from './request-items.ts';
import {
  loadChecklist,
  type Checklist,
  type FileLinks,
  type RequestItemRow,
  type Tx,
} from './requests.service.ts';
import { suggestItems } from './checklist-suggestions.ts';

/**
 * Messages of refusals the contract does not word yet (staff console only); the lead may move them into
 * the contract's MESSAGES.
 */
export const STAFF_REQUEST_MESSAGES = {
  ACCEPT_NOTHING_RECEIVED:
    'Only a received item with at least one file can be accepted. Ask the client to upload it first.',
  REJECT_NOTHING_RECEIVED: 'Only a received or accepted item can be rejected.',
  REORDER_MISMATCH: 'List every item of the checklist exactly once, in its new order.',
  DEPENDENT_INVALID: 'Choose one of the client’s dependents.',
  TEMPLATE_NOT_FOUND: 'This template was not found.',
  TEMPLATE_NOT_YOURS: 'Only an admin or the staff member who made this template can change it.',
  TEMPLATE_NOTHING_TO_SAVE:
    'This checklist has no items of its own to save: suggested items come from each client’s profile.',
} as const;

const itemNotFound = () => new AppError('NOT_FOUND', { message: MESSAGES.REQUEST_ITEM_NOT_FOUND });
const locked = () => new AppError('UNPROCESSABLE', { message: MESSAGES.REQUEST_LOCKED });

/**
 * The status a complete checklist moves the file to with one click: once every required item is accepted,
 * the documents are in, so a file waiting on documents (Docs Upload Pending or Other Docs Pending) moves on
 * to Preparation Pending. Null while the checklist is not complete, and for any other status (a file not
 * yet at the documents step, or past it).
 */
export function nextStatusOf(status: FileStatus, progress: RequestProgress): FileStatus | null {
  if (!progress.complete) return null;
  return status === 'Docs Upload Pending' || status === 'Other Docs Pending' ? 'Preparation Pending' : null;
}

const dayFormat = firmDateFormat({ month: 'short', day: 'numeric' });

/** "Reminded 4 times, last on Feb 10; no response since", or "Not reminded yet". */
export function reminderSummary(
  reminders: readonly { sent_at: string }[],
  lastClientActivityAt: Date | null,
): string {
  const [last] = reminders;
  if (!last) return 'Not reminded yet';
  const n = reminders.length;
  const times = n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
  const lastAt = new Date(last.sent_at);
  const answered = lastClientActivityAt !== null && lastClientActivityAt > lastAt;
  return `Reminded ${times}, last on ${dayFormat.format(lastAt)}; ${
    answered ? 'the client has responded since' : 'no response since'
  }`;
}

/**
 * A client's checklist for a tax year, for staff who may work the file (audited). While the filing collects
 * documents it is first completed with the profile's suggestions, the filing locked meanwhile.
 */
export async function listStaffChecklist(deps: {
  db: Database;
  actor: StaffActor;
  clientId: string;
  taxYear: number;
  fileLinks: FileLinks;
}) {
  const { db, actor, clientId, taxYear } = deps;
  const filing = await db.transaction(async (tx) => {
    const workable = await getWorkableFiling(tx, actor, { clientId, taxYear }, 'update');
    await suggestItems(tx, workable);
    await audit(tx, { actor, action: 'staff.requests.list', clientId, subject: String(taxYear) });
    return workable;
  });
  const { lastClientActivityAt, ...checklist }: Checklist = await loadChecklist(db, {
    clientId,
    filingId: filing.id,
    viewer: 'staff',
    fileLinks: deps.fileLinks,
  });
  const templates = await db
    .select({
      template_id: requestTemplates.id,
      name: requestTemplates.name,
      items: sql<number>`jsonb_array_length(${requestTemplates.items})::int`,
    })
    .from(requestTemplates)
    .orderBy(asc(requestTemplates.name));
  return {
    tax_year: taxYear,
    editable: isCollecting(filing.status),
    ...checklist,
    reminder_summary: reminderSummary(checklist.reminders, lastClientActivityAt),
    file_status: filing.status,
    next_status: nextStatusOf(filing.status, checklist.progress),
    templates: templates.map((t) => ({ ...t, items: Number(t.items) })),
  };
}

/** The filing's live item, locked for the change; another filing's, or a removed one, is not found. */
export async function liveItem(tx: Tx, filing: Filing, itemId: string): Promise<RequestItemRow> {
  const [item] = await tx
    .select()
    .from(requestItems)
    .where(
      and(
        eq(requestItems.id, itemId),
        eq(requestItems.filingId, filing.id),
        eq(requestItems.clientId, filing.clientId),
        isNull(requestItems.removedAt),
      ),
    )
    .for('update');
  if (!item) throw itemNotFound();
  return item;
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

type TemplateItem = {
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
async function applyTemplate(tx: Tx, actor: StaffActor, filing: Filing, templateId: string): Promise<number> {
  const [template] = await tx.select().from(requestTemplates).where(eq(requestTemplates.id, templateId));
  if (!template) {
    throw new AppError('NOT_FOUND', { message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOT_FOUND });
  }
  const start = await nextPosition(tx, filing.id);
  const keyOf = (item: TemplateItem) =>
    `template:${template.id}:${item.type}:${item.title.trim().toLowerCase()}`;
  const unique = template.items.filter(
    (item, index, all) => all.findIndex((other) => keyOf(other) === keyOf(item)) === index,
  );
  if (unique.length === 0) return 0;
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
        createdBy: actor.userId,
      })),
    )
    .onConflictDoNothing({ target: [requestItems.filingId, requestItems.sourceKey] })
    .returning();
  for (const item of added) {
    await recordItemEvent(tx, { item, action: 'created', from: null, to: 'requested', actor });
  }
  if (added.length < unique.length) await compactPositions(tx, filing.id);
  return added.length;
}

/** One change to a file's checklist, by staff who may work the file, while it collects documents. */
export async function saveChecklist(deps: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  body: StaffRequestsSaveBody;
}): Promise<void> {
  const { actor, body } = deps;
  await deps.db.transaction(async (tx) => {
    const filing = await getWorkableFiling(
      tx,
      actor,
      { clientId: body.client_id, taxYear: deps.taxYear },
      'update',
    );
    if (!isCollecting(filing.status)) throw locked();
    switch (body.action) {
      case 'add': {
        const fields = await itemFields(tx, filing.clientId, body.item);
        const [item] = await tx
          .insert(requestItems)
          .values({
            ...fields,
            filingId: filing.id,
            clientId: filing.clientId,
            position: await nextPosition(tx, filing.id),
            source: 'staff',
            createdBy: actor.userId,
          })
          .returning();
        if (item) await recordItemEvent(tx, { item, action: 'created', from: null, to: 'requested', actor });
        return;
      }
      case 'edit': {
        const item = await liveItem(tx, filing, body.item_id);
        const fields = await itemFields(tx, filing.clientId, body.item);
        await tx
          .update(requestItems)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(requestItems.id, item.id));
        await recordItemEvent(tx, { item, action: 'edited', from: item.status, to: item.status, actor });
        return;
      }
      case 'remove': {
        const item = await liveItem(tx, filing, body.item_id);
        // The row stays (with its history and its source key, so it is not suggested again).
        await tx
          .update(requestItems)
          .set({ removedAt: new Date(), updatedAt: new Date() })
          .where(eq(requestItems.id, item.id));
        await recordItemEvent(tx, { item, action: 'removed', from: item.status, to: null, actor });
        await compactPositions(tx, filing.id);
        return;
      }
      case 'not_applicable': {
        const item = await liveItem(tx, filing, body.item_id);
        const reason = body.reason?.trim() || null;
        if (item.status === 'not_applicable' && item.reason === reason) return;
        await tx
          .update(requestItems)
          .set({ status: 'not_applicable', reason, laterDate: null, updatedAt: new Date() })
          .where(eq(requestItems.id, item.id));
        await recordItemEvent(tx, {
          item,
          action: 'not_applicable',
          from: item.status,
          to: 'not_applicable',
          reason,
          actor,
        });
        return;
      }
      case 'reopen': {
        const item = await liveItem(tx, filing, body.item_id);
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
        await recordItemEvent(tx, { item, action: 'reopened', from: item.status, to: 'requested', actor });
        return;
      }
      case 'reorder': {
        const live = await tx
          .select({ id: requestItems.id })
          .from(requestItems)
          .where(and(eq(requestItems.filingId, filing.id), isNull(requestItems.removedAt)))
          .for('update');
        const ids = body.item_ids;
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
          actor,
          action: 'staff.request.reorder',
          clientId: filing.clientId,
          subject: String(filing.taxYear),
        });
        return;
      }
      case 'apply_template': {
        await applyTemplate(tx, actor, filing, body.template_id);
        return;
      }
    }
  });
}

/**
 * Accept a received item (status 'uploaded' with at least one file), or reject it with the reason the
 * client sees: the item is asked for again (its reminders start over) and the client's bell says so, in
 * words that carry no document content. Staff who may work the item's file only; 404 for an unknown or
 * removed item.
 */
export async function reviewItem(deps: {
  db: Database;
  actor: StaffActor;
  itemId: string;
  decision: 'accept' | 'reject';
  reason?: string;
}): Promise<void> {
  const { actor } = deps;
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ filingId: requestItems.filingId })
      .from(requestItems)
      .where(and(eq(requestItems.id, deps.itemId), isNull(requestItems.removedAt)));
    if (!found) throw itemNotFound();
    const filing = await getWorkableFiling(tx, actor, { filingId: found.filingId }, 'update');
    const item = await liveItem(tx, filing, deps.itemId);
    if (!canWorkItem(filing.status, item)) throw locked();
    if (deps.decision === 'accept') {
      const [files] = await tx
        .select({ n: count() })
        .from(documents)
        .where(and(eq(documents.requestItemId, item.id), eq(documents.clientId, item.clientId)));
      if (item.status !== 'uploaded' || (files?.n ?? 0) === 0) {
        throw new AppError('CONFLICT', { message: STAFF_REQUEST_MESSAGES.ACCEPT_NOTHING_RECEIVED });
      }
      await tx
        .update(requestItems)
        .set({ status: 'accepted', reason: null, laterDate: null, updatedAt: new Date() })
        .where(eq(requestItems.id, item.id));
      await recordItemEvent(tx, { item, action: 'accepted', from: item.status, to: 'accepted', actor });
      return;
    }
    if (item.status !== 'uploaded' && item.status !== 'accepted') {
      throw new AppError('CONFLICT', { message: STAFF_REQUEST_MESSAGES.REJECT_NOTHING_RECEIVED });
    }
    const reason = (deps.reason ?? '').trim();
    await tx
      .update(requestItems)
      .set({ status: 'rejected', reason, laterDate: null, ...restartReminders(), updatedAt: new Date() })
      .where(eq(requestItems.id, item.id));
    await recordItemEvent(tx, { item, action: 'rejected', from: item.status, to: 'rejected', reason, actor });
    await checklistItemRejected(tx, { clientId: item.clientId, title: item.title });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------------------

export type TemplateAction =
  | { action: 'list' }
  | { action: 'save'; template_id?: string | undefined; name: string; items: TemplateItem[] }
  | { action: 'save_from_file'; name: string; client_id: string; taxYear: number }
  | { action: 'delete'; template_id: string };

const nameTaken = () => new AppError('CONFLICT', { message: MESSAGES.REQUEST_TEMPLATE_NAME_TAKEN });

/** Every template with its items, by name. */
export async function listTemplates(db: Pick<Database, 'select'>) {
  const rows = await db.select().from(requestTemplates).orderBy(asc(requestTemplates.name));
  return rows.map((row) => ({
    template_id: row.id,
    name: row.name,
    items: row.items.map((item) => ({
      type: item.type,
      title: item.title,
      person: item.person ?? null,
      note: item.note ?? null,
      required: item.required,
    })),
  }));
}

/** A template this staff member may change: an admin any, others their own (the seeded ones are the admins'). */
async function ownTemplate(tx: Tx, actor: StaffActor, templateId: string) {
  const [template] = await tx
    .select({ id: requestTemplates.id, createdBy: requestTemplates.createdBy })
    .from(requestTemplates)
    .where(eq(requestTemplates.id, templateId))
    .for('update');
  if (!template) throw new AppError('NOT_FOUND', { message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOT_FOUND });
  if (actor.role !== 'admin' && template.createdBy !== actor.userId) {
    throw new AppError('FORBIDDEN', { message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOT_YOURS });
  }
  return template;
}

/** The name is free (ignoring case), but for the template being renamed. */
async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: requestTemplates.id })
    .from(requestTemplates)
    .where(
      and(
        sql`lower(${requestTemplates.name}) = lower(${name})`,
        exceptId ? ne(requestTemplates.id, exceptId) : undefined,
      ),
    );
  if (taken) throw nameTaken();
}

const templateItemOf = (item: TemplateItem): TemplateItem => ({
  type: item.type,
  title: item.title.trim(),
  person: item.person ?? null,
  note: item.note?.trim() || null,
  required: item.required,
});

/** List, save (new or replaced), save a file's checklist as a template, or delete one; audited. */
export async function manageTemplates(deps: { db: Database; actor: StaffActor; input: TemplateAction }) {
  const { db, actor, input } = deps;
  if (input.action === 'list') return { message: MESSAGES.SUCCESS, templates: await listTemplates(db) };
  try {
    await db.transaction(async (tx) => {
      switch (input.action) {
        case 'save': {
          const name = input.name.trim();
          const items = input.items.map(templateItemOf);
          if (input.template_id) {
            await ownTemplate(tx, actor, input.template_id);
            await assertNameFree(tx, name, input.template_id);
            await tx
              .update(requestTemplates)
              .set({ name, items, updatedAt: new Date() })
              .where(eq(requestTemplates.id, input.template_id));
          } else {
            await assertNameFree(tx, name);
            await tx.insert(requestTemplates).values({ name, items, createdBy: actor.userId });
          }
          await audit(tx, { actor, action: 'staff.request.template.save', subject: name });
          return;
        }
        case 'save_from_file': {
          const filing = await getWorkableFiling(tx, actor, {
            clientId: input.client_id,
            taxYear: input.taxYear,
          });
          // Items made for this file by staff or a template; not the profile's or last year's suggestions,
          // nor a dependent's: those carry this client's names (employers, family), and every staff
          // member sees the templates.
          const rows = await tx
            .select()
            .from(requestItems)
            .where(
              and(
                eq(requestItems.filingId, filing.id),
                eq(requestItems.clientId, filing.clientId),
                isNull(requestItems.removedAt),
                isNull(requestItems.dependentId),
                sql`${requestItems.source} in ('staff', 'template')`,
              ),
            )
            .orderBy(asc(requestItems.position));
          if (rows.length === 0) {
            throw new AppError('VALIDATION_FAILED', {
              message: STAFF_REQUEST_MESSAGES.TEMPLATE_NOTHING_TO_SAVE,
              details: { client_id: STAFF_REQUEST_MESSAGES.TEMPLATE_NOTHING_TO_SAVE },
            });
          }
          const name = input.name.trim();
          await assertNameFree(tx, name);
          await tx.insert(requestTemplates).values({
            name,
            items: rows.map((row) =>
              templateItemOf({
                type: row.type,
                title: row.title,
                person: row.person === 'dependent' ? null : row.person,
                note: row.note,
                required: row.required,
              }),
            ),
            createdBy: actor.userId,
          });
          await audit(tx, {
            actor,
            action: 'staff.request.template.save',
            clientId: filing.clientId,
            subject: name,
          });
          return;
        }
        case 'delete': {
          await ownTemplate(tx, actor, input.template_id);
          await tx.delete(requestTemplates).where(eq(requestTemplates.id, input.template_id));
          await audit(tx, { actor, action: 'staff.request.template.delete', subject: input.template_id });
          return;
        }
      }
    });
  } catch (error) {
    // Two staff saving the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  const message = input.action === 'delete' ? MESSAGES.SUCCESS : MESSAGES.REQUEST_TEMPLATE_SAVED;
  return { message, templates: await listTemplates(db) };
}
