/**
 * Secure messages in the staff console: the inbox, a client's thread (notes included; reading it marks the
 * client's messages seen, audited every time), a reply or an internal note, and the thread's status. An
 * attachment's download and filing are in message-attachments.staff.service.ts, the canned replies in
 * canned-replies.staff.service.ts. The file-assignment rules are the filing's (`getWorkableFiling`, review
 * F-04): an analyst works only the clients whose filing is assigned to them, admins every client.
 */
import { MESSAGES, QUEUE_COUNT_LIMIT, type InboxThread, type ThreadStatus } from '@taxfirm/contract';
import {
  alias,
  and,
  asc,
  clients,
  count,
  desc,
  eq,
  filings,
  inArray,
  isNull,
  messages,
  messageThreads,
  requestItems,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { audit } from '../../lib/audit.ts';
import { countBound, searchIn, upTo } from '../../lib/paged-query.ts';
import { getWorkableFiling, workableFilingsWhere } from '../filings/filings.service.ts';
import {
  loadMessages,
  taxYearsOf,
  writeStaffMessage,
  type AttachmentLinks,
  type StaffMessage,
  type Viewer,
} from './messaging.service.ts';
import { listCanned } from './canned-replies.staff.service.ts';
import { accessInForceSql } from '../accounts/access.ts';

export const INBOX_PAGE_SIZE = 25;

const nameOf = (first: string, last: string) => `${first} ${last}`.trim();

// ---------------------------------------------------------------------------------------------------------
// Inbox
// ---------------------------------------------------------------------------------------------------------

const assignee = alias(users, 'assignee');
const owner = alias(users, 'owner');
const fullName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;

/** Whether the thread has client messages no staff member has read yet (the order's first key, indexed). */
const hasUnread = sql<boolean>`(${messageThreads.unreadCount} > 0)`;
/**
 * Who wrote the newest message the client can see: the thread's messages (a client's one thread holds all of
 * its messages) newest first, from `messages_thread_created_idx`, stopping at the first not internal.
 */
const lastFromOfThread = sql<
  'client' | 'staff' | null
>`(select ${messages.authorKind} from ${messages} where ${messages.threadId} = ${messageThreads.id} and ${messages.internal} = false order by ${messages.createdAt} desc limit 1)`;

export type InboxFilters = {
  analyst?: string | undefined;
  status?: ThreadStatus | undefined;
  unread_only?: boolean | undefined;
  q?: string | undefined;
  page: number;
};

/**
 * The conversations this staff member may work (an analyst: clients whose current-year filing is assigned
 * to them; an admin: all), filtered, unread first then the newest, one page; with the count of threads
 * with unread messages (the console's badge) and the staff to filter by.
 */
export async function listInbox(deps: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  filters: InboxFilters;
}) {
  const { db, actor, filters } = deps;
  const scope = workableFilingsWhere(actor, { clientsJoined: true });
  const analyst =
    filters.analyst === undefined
      ? undefined
      : filters.analyst === 'unassigned'
        ? isNull(filings.assignedTo)
        : eq(filings.assignedTo, filters.analyst);
  const search = searchIn(filters.q, [fullName, owner.email, clients.fileNumber], [clients.phone]);
  const matching = and(
    scope,
    analyst,
    filters.status ? eq(messageThreads.status, filters.status) : undefined,
    filters.unread_only ? hasUnread : undefined,
    search,
  );
  // The joins a count needs: the client and its login only for the search or the offshore rule (every thread
  // has a client and every client a login, so they never change a count), the year's filing only for an
  // analyst's scope or the analyst filter (at most one per client and year). An admin's inbox is counted on
  // `message_threads` alone, from its index, instead of joining 50,000 threads to their clients. Each count
  // reads at most `limit` threads (ADR 034).
  const countThreads = async (where: SQL | undefined, withSearch: boolean, limit: number) => {
    let matching = db
      .select({ one: sql`1`.as('one') })
      .from(messageThreads)
      .$dynamic();
    if (withSearch || actor.offshore) {
      matching = matching
        .innerJoin(clients, eq(clients.id, messageThreads.clientId))
        .innerJoin(owner, eq(owner.id, clients.userId));
    }
    if (actor.role !== 'admin' || analyst) {
      matching = matching.leftJoin(
        filings,
        and(eq(filings.clientId, messageThreads.clientId), eq(filings.taxYear, deps.taxYear)),
      );
    }
    const [row] = await db.select({ n: count() }).from(matching.where(where).limit(limit).as('matching'));
    return row?.n ?? 0;
  };
  // The list counts to the first thousand past its page, the badge to a thousand; one more says "more".
  const bound = countBound(QUEUE_COUNT_LIMIT, {
    start: (filters.page - 1) * INBOX_PAGE_SIZE,
    length: INBOX_PAGE_SIZE,
  });
  const page = db
    .select({
      clientId: messageThreads.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      fileNumber: clients.fileNumber,
      status: messageThreads.status,
      assigneeId: assignee.id,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      unread: messageThreads.unreadCount,
      lastMessageAt: messageThreads.lastMessageAt,
      lastFrom: lastFromOfThread,
    })
    .from(messageThreads)
    .innerJoin(clients, eq(clients.id, messageThreads.clientId))
    .innerJoin(owner, eq(owner.id, clients.userId))
    .leftJoin(filings, and(eq(filings.clientId, messageThreads.clientId), eq(filings.taxYear, deps.taxYear)))
    .leftJoin(assignee, eq(assignee.id, filings.assignedTo))
    .where(matching)
    .orderBy(desc(hasUnread), desc(messageThreads.lastMessageAt), asc(messageThreads.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((filters.page - 1) * INBOX_PAGE_SIZE);
  const staff = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.role, ['analyst', 'admin']), accessInForceSql()))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  // Four reads, side by side (each is one statement on the pool).
  const [rows, total, unreadThreads, analysts] = await Promise.all([
    page,
    countThreads(matching, search !== undefined, bound + 1),
    countThreads(and(scope, hasUnread), false, QUEUE_COUNT_LIMIT + 1),
    staff,
  ]);
  const shownTotal = upTo(total, bound);
  const shownUnread = upTo(unreadThreads, QUEUE_COUNT_LIMIT);
  const threads: InboxThread[] = rows.map((row) => ({
    client_id: row.clientId,
    name: nameOf(row.firstName, row.lastName),
    file_number: row.fileNumber,
    status: row.status,
    analyst:
      row.assigneeId === null
        ? null
        : { user_id: row.assigneeId, name: nameOf(row.assigneeFirst ?? '', row.assigneeLast ?? '') },
    unread: Number(row.unread),
    last_message_at: row.lastMessageAt.toISOString(),
    last_from: row.lastFrom ?? 'staff',
  }));
  return {
    threads,
    total: shownTotal.count,
    total_more: shownTotal.more,
    page: filters.page,
    page_size: INBOX_PAGE_SIZE,
    unread_threads: shownUnread.count,
    unread_more: shownUnread.more,
    analysts: analysts.map((a) => ({ user_id: a.id, name: nameOf(a.firstName, a.lastName) })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// A thread
// ---------------------------------------------------------------------------------------------------------

/**
 * A client's conversation for staff who may work the filing of `taxYear` (the current year's when none is
 * asked; `taxYear` also filters the messages). Reading it marks the shown client messages read by this staff
 * member, and every read is audited, even with nothing new.
 */
export async function openThread(deps: {
  db: Database;
  actor: StaffActor;
  clientId: string;
  taxYear: number | undefined;
  currentTaxYear: number;
  links: AttachmentLinks;
  keyring: Keyring;
}) {
  const { db, actor, clientId } = deps;
  const filing = await db.transaction(async (tx) => {
    const workable = await getWorkableFiling(tx, actor, {
      clientId,
      taxYear: deps.taxYear ?? deps.currentTaxYear,
    });
    const read = await tx
      .update(messages)
      .set({ readAt: new Date(), readBy: actor.userId })
      .where(
        and(
          eq(messages.clientId, clientId),
          eq(messages.authorKind, 'client'),
          isNull(messages.readAt),
          deps.taxYear === undefined ? undefined : eq(messages.taxYear, deps.taxYear),
        ),
      )
      .returning({ id: messages.id });
    await audit(tx, {
      actor,
      action: 'staff.messages.read',
      clientId,
      subject: `${read.length} new message${read.length === 1 ? '' : 's'}`,
    });
    return workable;
  });
  const [client] = await db
    .select({ firstName: clients.firstName, lastName: clients.lastName, fileNumber: clients.fileNumber })
    .from(clients)
    .where(eq(clients.id, clientId));
  const [thread] = await db
    .select({ status: messageThreads.status })
    .from(messageThreads)
    .where(eq(messageThreads.clientId, clientId));
  const [analyst] = filing.assignedTo
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, filing.assignedTo))
    : [];
  const viewer: Viewer = { kind: 'staff', userId: actor.userId };
  const items = await db
    .select({ item_id: requestItems.id, title: requestItems.title })
    .from(requestItems)
    .where(
      and(
        eq(requestItems.filingId, filing.id),
        eq(requestItems.clientId, clientId),
        isNull(requestItems.removedAt),
      ),
    )
    .orderBy(asc(requestItems.position));
  return {
    client: {
      client_id: clientId,
      name: client ? nameOf(client.firstName, client.lastName) : '',
      file_number: client?.fileNumber ?? null,
    },
    status: thread?.status ?? 'open',
    analyst: analyst ? { user_id: analyst.id, name: nameOf(analyst.firstName, analyst.lastName) } : null,
    messages: await loadMessages(db, {
      clientId,
      taxYear: deps.taxYear,
      viewer,
      links: deps.links,
      keyring: deps.keyring,
    }),
    tax_years: await taxYearsOf(db, clientId, viewer),
    canned: await listCanned(db),
    items,
  };
}

/**
 * A reply to the client or an internal note (`internal`), by staff who may work the client's filing of
 * `taxYear`: checked on the share-locked filing in the transaction that writes the message.
 */
export async function sendStaffMessage(deps: { db: Database } & StaffMessage): Promise<string> {
  const { db, ...message } = deps;
  return db.transaction(async (tx) => {
    await getWorkableFiling(tx, deps.actor, { clientId: deps.clientId, taxYear: deps.taxYear }, 'share');
    return writeStaffMessage(tx, message);
  });
}

/** Set where the conversation stands (audited), for staff who may work the client's current filing. */
export async function setThreadStatus(deps: {
  db: Database;
  actor: StaffActor;
  clientId: string;
  taxYear: number;
  status: ThreadStatus;
}): Promise<void> {
  const { actor, clientId } = deps;
  await deps.db.transaction(async (tx) => {
    await getWorkableFiling(tx, actor, { clientId, taxYear: deps.taxYear });
    const [thread] = await tx
      .select({ id: messageThreads.id, status: messageThreads.status })
      .from(messageThreads)
      .where(eq(messageThreads.clientId, clientId))
      .for('update');
    if (!thread) throw new AppError('NOT_FOUND', { message: MESSAGES.MESSAGE_THREAD_NOT_FOUND });
    await tx
      .update(messageThreads)
      .set({ status: deps.status, updatedAt: new Date() })
      .where(eq(messageThreads.id, thread.id));
    await audit(tx, {
      actor,
      action: 'staff.messages.status',
      clientId,
      subject: `${thread.status} -> ${deps.status}`,
    });
  });
}
