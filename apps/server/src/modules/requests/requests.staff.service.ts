/**
 * The checklist from the staff side: listed with progress and history, and reviewed (accept, or reject with
 * a reason the client sees). Changes to the items are `requests.items.service.ts`'s, the named templates
 * `requests.templates.service.ts`'s. The file-assignment rules are the filing's (`getWorkableFiling` /
 * `assertCanWork`, review F-04): an analyst works only the files assigned to them, admins every file. Every
 * change is checked on the locked filing, in the transaction that writes it.
 */
import { MESSAGES, type FileStatus, type RequestProgress } from '@taxfirm/contract';
import {
  and,
  asc,
  documents,
  count,
  eq,
  isNull,
  requestItems,
  requestTemplates,
  sql,
  type Database,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { firmDateFormat } from '../../lib/firm-time.ts';
import { getWorkableFiling, type Filing } from '../filings/filings.service.ts';
import { checklistItemRejected } from '../notifications/client-events.ts';
import { canWorkItem, isCollecting, recordItemEvent, restartReminders } from './request-items.ts';
import {
  loadChecklist,
  lockLiveItem,
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
export const locked = () => new AppError('UNPROCESSABLE', { message: MESSAGES.REQUEST_LOCKED });

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
  const item = await lockLiveItem(tx, filing, itemId);
  if (!item) throw itemNotFound();
  return item;
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
