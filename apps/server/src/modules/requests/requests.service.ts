/**
 * The document-request checklist: each filing (client + tax year) has items the firm needs. This module is
 * the core the client calls, the staff calls, uploads and reminders share: the profile's suggestions, the
 * one writer of an item's history (every change with who and when, audited), the progress both sides see,
 * and the checklist as it is listed. Every query is scoped by the client and the filing it was given.
 */
import {
  canEditProfile,
  DOCUMENT_CATEGORIES,
  HIDDEN_MAX_BYTES,
  labelOfItemType,
  MESSAGES,
  OPEN_ITEM_STATUSES,
  REQUEST_ITEM_STATUS_LABELS,
  type FileStatus,
  type RequestEvent,
  type RequestFile,
  type RequestItem,
  type RequestItemStatus,
  type RequestItemType,
  type RequestPerson,
  type RequestProgress,
} from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  dependents,
  desc,
  documents,
  employers,
  eq,
  filings,
  gt,
  inArray,
  isNull,
  requestItemEvents,
  requestItems,
  requestReminders,
  spouses,
  sql,
  taxpayerProfiles,
  users,
  type Database,
} from '@taxfirm/db';
import type { Actor, ClientActor, StaffActor, SystemActor } from '../../lib/actor.ts';
import { SYSTEM } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { ensureFiling, findFiling, type Filing } from '../filings/filings.service.ts';
import { emit } from '../activity/events.ts';

/** A database or a transaction: what the functions here read and write with. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update'>;
export type RequestItemRow = typeof requestItems.$inferSelect;

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

// ---------------------------------------------------------------------------------------------------------
// Suggestions from the profile and last year's checklist
// ---------------------------------------------------------------------------------------------------------

type Suggestion = {
  sourceKey: string;
  source: 'profile' | 'last_year';
  type: RequestItemType;
  title: string;
  person: RequestPerson | null;
  dependentId: string | null;
  note: string | null;
  required: boolean;
};

/** Last year's accepted items come back as a question. */
export const STILL_HAVE_PREFIX = 'Still have this? ';

const INDIA = /\bindia\b/i;

/**
 * What the profile says of ties to India. `ties` (any of: the phone extension at registration or in the
 * profile is INDIA, the address country is INDIA, the time zone is IST, the client's location names India)
 * brings the NRI items: 26AS/AIS, NRE/NRO statements, FD interest certificates, the mutual-fund CAS.
 * `livedThere` (the address, time zone or location is Indian, not the phone alone) also brings Form 16,
 * which only an Indian employer issues.
 */
export function indiaTiesOf(profile: {
  registrationPhoneExt: string | null;
  phoneExt: string | null;
  country: string | null;
  timeZone: string | null;
  clientLocation: string | null;
}): { ties: boolean; livedThere: boolean } {
  const livedThere =
    profile.country === 'INDIA' ||
    profile.timeZone === 'IST' ||
    (profile.clientLocation !== null && INDIA.test(profile.clientLocation));
  const ties = livedThere || profile.registrationPhoneExt === 'INDIA' || profile.phoneExt === 'INDIA';
  return { ties, livedThere };
}

/** The items the client's profile suggests, in checklist order. */
async function profileSuggestions(tx: Tx, clientId: string): Promise<Suggestion[]> {
  const [client] = await tx
    .select({
      registrationPhoneExt: clients.phoneExt,
      phoneExt: taxpayerProfiles.phoneExt,
      country: taxpayerProfiles.country,
      timeZone: taxpayerProfiles.timeZone,
      clientLocation: taxpayerProfiles.clientLocation,
    })
    .from(clients)
    .leftJoin(taxpayerProfiles, eq(taxpayerProfiles.clientId, clients.id))
    .where(eq(clients.id, clientId));
  const jobs = await tx
    .select({ id: employers.id, company: employers.companyName })
    .from(employers)
    .where(eq(employers.clientId, clientId))
    .orderBy(asc(employers.position));
  const [spouse] = await tx
    .select({
      id: spouses.id,
      firstName: spouses.firstName,
      visaType: spouses.visaType,
      hasNumber: sql<boolean>`${spouses.ssnSealed} is not null`,
    })
    .from(spouses)
    .where(eq(spouses.clientId, clientId));
  const children = await tx
    .select({
      id: dependents.id,
      firstName: dependents.firstName,
      visaType: dependents.visaType,
      hasNumber: sql<boolean>`${dependents.ssnSealed} is not null`,
    })
    .from(dependents)
    .where(eq(dependents.clientId, clientId))
    .orderBy(asc(dependents.position));

  const base = { source: 'profile' as const, dependentId: null, note: null, required: true };
  const out: Suggestion[] = jobs.map((job) => ({
    ...base,
    sourceKey: `employer:${job.id}`,
    type: 'w2',
    title: `W-2 from ${job.company}`,
    person: 'taxpayer',
  }));

  /** A person's identity papers: passport and visa when the profile gives a visa, ITIN papers without a number. */
  const identityItems = (
    key: string,
    who: { firstName: string; visaType: string | null; hasNumber: boolean },
    person: 'spouse' | 'dependent',
    dependentId: string | null,
  ) => {
    const name = person === 'spouse' ? `${who.firstName} (spouse)` : who.firstName;
    const items: Suggestion[] = [
      {
        ...base,
        sourceKey: `${key}:id`,
        type: 'id',
        title: who.visaType
          ? `Passport and visa of ${name}`
          : person === 'spouse'
            ? `Photo ID of ${name}`
            : `ID or birth certificate of ${name}`,
        person,
        dependentId,
      },
    ];
    if (!who.hasNumber) {
      items.push({
        ...base,
        sourceKey: `${key}:itin`,
        type: 'itin',
        title: `ITIN documents for ${name}`,
        note: 'No SSN or ITIN is on the profile: we need these to apply for an ITIN (Form W-7).',
        person,
        dependentId,
      });
    }
    return items;
  };
  if (spouse) out.push(...identityItems(`spouse:${spouse.id}`, spouse, 'spouse', null));
  for (const child of children) {
    out.push(...identityItems(`dependent:${child.id}`, child, 'dependent', child.id));
  }

  const india = indiaTiesOf({
    registrationPhoneExt: client?.registrationPhoneExt ?? null,
    phoneExt: client?.phoneExt ?? null,
    country: client?.country ?? null,
    timeZone: client?.timeZone ?? null,
    clientLocation: client?.clientLocation ?? null,
  });
  if (india.ties) {
    const indiaItem = (type: RequestItemType, title: string): Suggestion => ({
      ...base,
      sourceKey: `india:${type}`,
      type,
      title,
      person: 'taxpayer',
    });
    if (india.livedThere) out.push(indiaItem('form-16', 'Form 16 from your Indian employer'));
    out.push(
      indiaItem('26as-ais', 'Form 26AS / AIS from the income-tax portal'),
      indiaItem('bank-nre-nro', 'NRE/NRO bank statements, January to December'),
      indiaItem('fd-interest', 'FD interest certificates'),
      indiaItem('mf-cas', 'Mutual-fund CAS (CAMS/KFintech), January to December'),
    );
  }
  return out;
}

/**
 * Last year's accepted items, asked again ("Still have this? …"), except those this year's profile already
 * suggests (the same employer's W-2 is not asked twice).
 */
async function lastYearSuggestions(
  tx: Tx,
  filing: { clientId: string; taxYear: number },
  profileKeys: ReadonlySet<string>,
): Promise<Suggestion[]> {
  const rows = await tx
    .select({
      id: requestItems.id,
      type: requestItems.type,
      title: requestItems.title,
      person: requestItems.person,
      dependentId: requestItems.dependentId,
      note: requestItems.note,
      required: requestItems.required,
      sourceKey: requestItems.sourceKey,
    })
    .from(requestItems)
    .innerJoin(filings, eq(filings.id, requestItems.filingId))
    .where(
      and(
        eq(requestItems.clientId, filing.clientId),
        eq(filings.clientId, filing.clientId),
        eq(filings.taxYear, filing.taxYear - 1),
        eq(requestItems.status, 'accepted'),
        isNull(requestItems.removedAt),
      ),
    )
    .orderBy(asc(requestItems.position), asc(requestItems.createdAt));
  return rows
    .filter((row) => !(row.sourceKey && profileKeys.has(row.sourceKey)))
    .map((row) => {
      const title = row.title.startsWith(STILL_HAVE_PREFIX)
        ? row.title.slice(STILL_HAVE_PREFIX.length)
        : row.title;
      return {
        sourceKey: `last-year:${row.id}`,
        source: 'last_year',
        type: row.type,
        title: `${STILL_HAVE_PREFIX}${title}`.slice(0, 200),
        person: row.person,
        dependentId: row.dependentId,
        note: row.note,
        required: row.required,
      };
    });
}

/**
 * Add what the profile and last year's checklist suggest and the filing does not have yet; answers how many
 * items were added. Idempotent: an item is known by its source key (`employer:<id>`, `last-year:<item id>`,
 * …), and an item staff removed keeps its key, so it is not suggested again. Only while the filing still
 * collects documents (`isCollecting`); after that the checklist is what it was. Call it inside a
 * transaction that has locked the filing row (`findFiling(tx, …, 'update')`), as both list calls do.
 */
export async function suggestItems(
  tx: Tx,
  filing: Pick<Filing, 'id' | 'clientId' | 'taxYear' | 'status'>,
): Promise<number> {
  if (!isCollecting(filing.status)) return 0;
  const fromProfile = await profileSuggestions(tx, filing.clientId);
  const known = await tx
    .select({ sourceKey: requestItems.sourceKey })
    .from(requestItems)
    .where(and(eq(requestItems.filingId, filing.id), sql`${requestItems.sourceKey} is not null`));
  const knownKeys = new Set(known.flatMap((row) => (row.sourceKey ? [row.sourceKey] : [])));
  const profileKeys = new Set([...fromProfile.map((s) => s.sourceKey), ...knownKeys]);
  const fromLastYear = await lastYearSuggestions(tx, filing, profileKeys);
  const fresh = [...fromProfile, ...fromLastYear].filter((s) => !knownKeys.has(s.sourceKey));
  if (fresh.length === 0) return 0;
  const start = await nextPosition(tx, filing.id);
  const added = await tx
    .insert(requestItems)
    .values(
      fresh.map((s, index) => ({
        filingId: filing.id,
        clientId: filing.clientId,
        position: start + index,
        type: s.type,
        title: s.title,
        person: s.person,
        dependentId: s.dependentId,
        note: s.note,
        required: s.required,
        source: s.source,
        sourceKey: s.sourceKey,
      })),
    )
    .onConflictDoNothing({ target: [requestItems.filingId, requestItems.sourceKey] })
    .returning();
  for (const item of added) {
    await recordItemEvent(tx, { item, action: 'created', from: null, to: 'requested', actor: SYSTEM });
  }
  if (added.length < fresh.length) await compactPositions(tx, filing.id);
  return added.length;
}

/** The position after the filing's last live item. */
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
    'type' | 'title' | 'note' | 'required' | 'source' | 'sourceKey'
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
    .where(
      and(
        eq(requestItems.clientId, clientId),
        eq(requestItems.filingId, filingId),
        isNull(requestItems.removedAt),
      ),
    )
    .orderBy(asc(requestItems.position), asc(requestItems.createdAt), asc(requestItems.id));
  const ids = rows.map((row) => row.item.id);
  const [files, events, received, reminders] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select(fileColumns)
          .from(documents)
          .where(
            and(
              eq(documents.clientId, clientId),
              eq(documents.filingId, filingId),
              inArray(documents.requestItemId, ids),
            ),
          )
          .orderBy(asc(documents.seq)),
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
    db
      .select(fileColumns)
      .from(documents)
      .where(
        and(
          eq(documents.clientId, clientId),
          eq(documents.filingId, filingId),
          isNull(documents.requestItemId),
          gt(documents.size, HIDDEN_MAX_BYTES),
        ),
      )
      .orderBy(asc(documents.seq)),
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
  const [item] = await tx
    .select()
    .from(requestItems)
    .where(
      and(
        eq(requestItems.id, itemId),
        eq(requestItems.clientId, actor.clientId),
        eq(requestItems.filingId, filing.id),
        isNull(requestItems.removedAt),
      ),
    )
    .for('update');
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
    const reason = deps.reason?.trim() || null;
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
      actor: deps.actor,
    });
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
