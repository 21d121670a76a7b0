/**
 * The document-request checklist: each filing (client + tax year) has items the firm needs. This module holds
 * the progress both sides see, the checklist as it is listed and the client's own calls; the items' writes and
 * history are in `request-items.ts`, the suggestions from the profile in `checklist-suggestions.ts`. Every
 * query is scoped by the client and the filing it was given.
 */
import {
  DOCUMENT_CATEGORIES,
  HIDDEN_MAX_BYTES,
  labelOfItemType,
  MESSAGES,
  OPEN_ITEM_STATUSES,
  REQUEST_ITEM_STATUS_LABELS,
  type RequestEvent,
  type RequestFile,
  type RequestItem,
  type RequestItemStatus,
  type RequestProgress,
} from '@taxfirm/contract';
import {
  and,
  asc,
  dependents,
  desc,
  documents,
  eq,
  gt,
  inArray,
  isNull,
  requestItemEvents,
  requestItems,
  requestReminders,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { ClientActor } from '../../lib/actor.ts';

import { AppError } from '../../lib/app-error.ts';

import { firmToday } from '../../lib/firm-time.ts';
import { ensureFiling, findFiling } from '../filings/filings.service.ts';
import { emit } from '../activity/events.ts';
import { suggestItems } from './checklist-suggestions.ts';
import { canWorkItem, isCollecting, recordItemEvent, setNotApplicable } from './request-items.ts';

/** A database or a transaction: what the functions here read and write with. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update'>;
export type RequestItemRow = typeof requestItems.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Progress and the listed checklist
// ---------------------------------------------------------------------------------------------------------

const OPEN: ReadonlySet<RequestItemStatus> = new Set(OPEN_ITEM_STATUSES);

/**
 * The progress both sides see, of a filing's live items. Required: items marked required that are not
 * removed and not "doesn't apply"; complete: there is at least one and every one is accepted. `open` counts
 * the required items still waiting on the client; `to_review` every received item not yet checked.
 */
export function progressOf(
  items: readonly { status: RequestItemStatus; required: boolean; removedAt?: Date | null }[],
): RequestProgress {
  const live = items.filter((item) => !item.removedAt);
  const required = live.filter((item) => item.required && item.status !== 'not_applicable');
  const accepted = required.filter((item) => item.status === 'accepted').length;
  return {
    open: required.filter((item) => OPEN.has(item.status)).length,
    to_review: live.filter((item) => item.status === 'uploaded').length,
    accepted,
    required: required.length,
    complete: required.length > 0 && accepted === required.length,
  };
}

/** Who sees the checklist: the client (staff become "The firm") or staff (names, "Client", "System"). */
export type ChecklistViewer = 'client' | 'staff';
/** The links of one listed file, made by the caller for its viewer (documents/document-links.ts). */
export type FileLinks = (file: { id: string; contentType: string }) => {
  download_url: string;
  preview_url?: string | null;
};

export type Checklist = {
  progress: RequestProgress;
  items: RequestItem[];
  received: {
    category: (typeof DOCUMENT_CATEGORIES)[number]['category'];
    label: string;
    files: RequestFile[];
  }[];
  reminders: { sent_at: string; manual: boolean; items: string[] }[];
  /** When the client last did anything on the checklist or sent a file (for "no response since"). */
  lastClientActivityAt: Date | null;
};

const fileColumns = {
  id: documents.id,
  requestItemId: documents.requestItemId,
  category: documents.category,
  name: documents.originalName,
  size: documents.size,
  contentType: documents.contentType,
  uploadedAt: documents.uploadedAt,
  locked: documents.locked,
};

/**
 * A filing's checklist as listed: its live items by position, each with its files (oldest first) and
 * history (who and when), the progress, the files sent through the spec's upload page by category (the
 * `received` documents: no item, over 1 KB) and the reminders sent (newest first). Scoped by both the
 * client and the filing: a filing of another client lists nothing.
 */
export async function loadChecklist(
  db: Pick<Database, 'select'>,
  input: { clientId: string; filingId: string; viewer: ChecklistViewer; fileLinks: FileLinks },
): Promise<Checklist> {
  const { clientId, filingId, viewer } = input;
  const rows = await db
    .select({
      item: requestItems,
      dependentFirst: dependents.firstName,
      dependentLast: dependents.lastName,
    })
    .from(requestItems)
    .leftJoin(
      dependents,
      and(eq(dependents.id, requestItems.dependentId), eq(dependents.clientId, requestItems.clientId)),
    )
    .where(liveItemsOf(clientId, eq(requestItems.filingId, filingId)))
    .orderBy(asc(requestItems.position), asc(requestItems.createdAt), asc(requestItems.id));
  const ids = rows.map((row) => row.item.id);
  /** The filing's files that match `which`, in upload order. */
  const filingFiles = (...which: SQL[]) =>
    db
      .select(fileColumns)
      .from(documents)
      .where(and(eq(documents.clientId, clientId), eq(documents.filingId, filingId), ...which))
      .orderBy(asc(documents.seq));
  const [files, events, received, reminders] = await Promise.all([
    ids.length === 0 ? Promise.resolve([]) : filingFiles(inArray(documents.requestItemId, ids)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            itemId: requestItemEvents.itemId,
            action: requestItemEvents.action,
            from: requestItemEvents.fromStatus,
            to: requestItemEvents.toStatus,
            reason: requestItemEvents.reason,
            actorKind: requestItemEvents.actorKind,
            firstName: users.firstName,
            lastName: users.lastName,
            at: requestItemEvents.createdAt,
          })
          .from(requestItemEvents)
          .leftJoin(users, eq(users.id, requestItemEvents.actorId))
          .where(and(eq(requestItemEvents.clientId, clientId), inArray(requestItemEvents.itemId, ids)))
          .orderBy(asc(requestItemEvents.createdAt), asc(requestItemEvents.id)),
    filingFiles(isNull(documents.requestItemId), gt(documents.size, HIDDEN_MAX_BYTES)),
    db
      .select({
        at: requestReminders.createdAt,
        manual: requestReminders.manual,
        titles: requestReminders.itemTitles,
      })
      .from(requestReminders)
      .where(and(eq(requestReminders.clientId, clientId), eq(requestReminders.filingId, filingId)))
      .orderBy(desc(requestReminders.createdAt), desc(requestReminders.id)),
  ]);

  const fileOf = (row: (typeof files)[number]): RequestFile => ({
    document_id: row.id,
    name: row.name,
    size: row.size,
    content_type: row.contentType,
    uploaded_at: row.uploadedAt.toISOString(),
    locked: row.locked,
    ...input.fileLinks(row),
  });
  const byOf = (event: (typeof events)[number]) => {
    if (viewer === 'client') return event.actorKind === 'client' ? 'You' : 'The firm';
    if (event.actorKind === 'client') return 'Client';
    if (event.actorKind === 'system') return 'System';
    return event.firstName ? `${event.firstName} ${event.lastName ?? ''}`.trim() : 'Staff';
  };
  const eventOf = (event: (typeof events)[number]): RequestEvent => ({
    action: event.action,
    from_status: event.from,
    to_status: event.to,
    reason: event.reason,
    by: byOf(event),
    at: event.at.toISOString(),
  });

  const items: RequestItem[] = rows.map(({ item, dependentFirst, dependentLast }) => ({
    item_id: item.id,
    position: item.position,
    type: item.type,
    type_label: labelOfItemType(item.type),
    title: item.title,
    person: item.person,
    person_name:
      item.person === 'dependent' && dependentFirst
        ? `${dependentFirst} ${dependentLast ?? ''}`.trim()
        : null,
    dependent_id: item.person === 'dependent' ? item.dependentId : null,
    note: item.note,
    required: item.required,
    status: item.status,
    status_label: REQUEST_ITEM_STATUS_LABELS[item.status],
    reason: item.reason,
    later_date: item.laterDate,
    source: item.source,
    files: files.filter((file) => file.requestItemId === item.id).map(fileOf),
    events: events.filter((event) => event.itemId === item.id).map(eventOf),
  }));

  const clientTimes = [
    ...events.filter((event) => event.actorKind === 'client').map((event) => event.at.getTime()),
    ...received.map((file) => file.uploadedAt.getTime()),
    ...files.map((file) => file.uploadedAt.getTime()),
  ];
  return {
    progress: progressOf(rows.map(({ item }) => item)),
    items,
    received: DOCUMENT_CATEGORIES.map(({ category, tab }) => ({
      category,
      label: tab,
      files: received.filter((file) => file.category === category).map(fileOf),
    })),
    reminders: reminders.map((reminder) => ({
      sent_at: reminder.at.toISOString(),
      manual: reminder.manual,
      items: reminder.titles,
    })),
    lastClientActivityAt: clientTimes.length > 0 ? new Date(Math.max(...clientTimes)) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The client's calls (identity from the session only)
// ---------------------------------------------------------------------------------------------------------

/**
 * The session client's checklist for a tax year. The current year's filing is made if missing and, while
 * it collects documents, completed with the profile's suggestions (the filing locked meanwhile); an earlier
 * or later year is only read (no filing is made for it).
 */
export async function listClientChecklist(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number;
  currentTaxYear: number;
  fileLinks: FileLinks;
}) {
  const { db, actor, taxYear } = deps;
  if (taxYear === deps.currentTaxYear) await ensureFiling(db, actor.clientId, taxYear);
  const filing = await db.transaction(async (tx) => {
    const locked = await findFiling(tx, { clientId: actor.clientId, taxYear }, 'update');
    if (locked) await suggestItems(tx, locked);
    return locked;
  });
  if (!filing) {
    return {
      tax_year: taxYear,
      editable: false,
      progress: progressOf([]),
      items: [],
      received: DOCUMENT_CATEGORIES.map(({ category, tab }) => ({ category, label: tab, files: [] })),
      reminders: [],
    };
  }
  const { lastClientActivityAt: _unused, ...checklist } = await loadChecklist(db, {
    clientId: actor.clientId,
    filingId: filing.id,
    viewer: 'client',
    fileLinks: deps.fileLinks,
  });
  return { tax_year: taxYear, editable: isCollecting(filing.status), ...checklist };
}

/** The client's items still on the checklist (never a removed one) that match `which`. */
export function liveItemsOf(clientId: string, ...which: SQL[]) {
  return and(eq(requestItems.clientId, clientId), isNull(requestItems.removedAt), ...which);
}

/** The filing's live item, locked for the change; undefined for another filing's item or a removed one. */
export async function lockLiveItem(
  tx: Tx,
  filing: { id: string; clientId: string },
  itemId: string,
): Promise<RequestItemRow | undefined> {
  const [item] = await tx
    .select()
    .from(requestItems)
    .where(liveItemsOf(filing.clientId, eq(requestItems.id, itemId), eq(requestItems.filingId, filing.id)))
    .for('update');
  return item;
}

/**
 * One of the session client's items of the current year's filing, locked for the change, with the filing
 * share-locked (a status change waits for the change). Another client's item, a removed one and another
 * year's answer 404 alike; once the filing no longer collects documents, 422; an accepted item, 409.
 */
export async function openClientItem(
  tx: Tx,
  actor: ClientActor,
  taxYear: number,
  itemId: string,
): Promise<RequestItemRow> {
  const filing = await findFiling(tx, { clientId: actor.clientId, taxYear }, 'share');
  const notFound = new AppError('NOT_FOUND', { message: MESSAGES.REQUEST_ITEM_NOT_FOUND });
  if (!filing) throw notFound;
  const item = await lockLiveItem(tx, { id: filing.id, clientId: actor.clientId }, itemId);
  if (!item) throw notFound;
  if (!canWorkItem(filing.status, item)) {
    throw new AppError('UNPROCESSABLE', { message: MESSAGES.REQUEST_LOCKED });
  }
  if (item.status === 'accepted') {
    throw new AppError('CONFLICT', { message: MESSAGES.REQUEST_ITEM_CLOSED });
  }
  return item;
}

/** The client says an item does not apply to them (with an optional reason). */
export async function markNotApplicable(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number;
  itemId: string;
  reason: string | null | undefined;
}): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await openClientItem(tx, deps.actor, deps.taxYear, deps.itemId);
    if (!(await setNotApplicable(tx, item, deps.reason, deps.actor))) return;
    await emit(tx, {
      type: 'request.not_applicable',
      clientId: deps.actor.clientId,
      taxYear: deps.taxYear,
      item: item.title,
    });
  });
}

/**
 * The client will send an item by a date (after today in the firm's time zone): no reminder for it before
 * then. A rejected item keeps its rejection reason, so the client still sees what to fix.
 */
export async function markLater(deps: {
  db: Database;
  actor: ClientActor;
  taxYear: number;
  itemId: string;
  date: string;
  now?: Date;
}): Promise<void> {
  if (deps.date <= firmToday(deps.now)) {
    throw new AppError('VALIDATION_FAILED', {
      message: MESSAGES.REQUEST_LATER_DATE_INVALID,
      details: { date: MESSAGES.REQUEST_LATER_DATE_INVALID },
    });
  }
  await deps.db.transaction(async (tx) => {
    const item = await openClientItem(tx, deps.actor, deps.taxYear, deps.itemId);
    if (item.status === 'later' && item.laterDate === deps.date) return;
    const reason = item.status === 'rejected' || item.status === 'later' ? item.reason : null;
    await tx
      .update(requestItems)
      .set({ status: 'later', laterDate: deps.date, reason, updatedAt: new Date() })
      .where(eq(requestItems.id, item.id));
    await recordItemEvent(tx, {
      item,
      action: 'later',
      from: item.status,
      to: 'later',
      reason: `by ${deps.date}`,
      actor: deps.actor,
    });
    await emit(tx, {
      type: 'request.will_send',
      clientId: deps.actor.clientId,
      taxYear: deps.taxYear,
      item: item.title,
      date: deps.date,
    });
  });
}
