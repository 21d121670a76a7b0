/**
 * What a checklist reminder is about, one source each: the checklist's open items, documents waiting for a
 * signature, overdue invoices, the organizer staff asked for and the client has not sent. Each follows the firm's schedule (the first reminder `firstDays` after it is
 * asked for, then one every `everyDays`, at most `max`); here are, per source, which rows are open (listed),
 * which are due (counted), which filings may hear about them, and how a reminder is counted on them.
 */
import { formatMoney, PROFILE_EDITABLE_STATUSES } from '@taxfirm/contract';
import {
  and,
  asc,
  clients,
  eq,
  filings,
  inArray,
  invoices,
  isNull,
  lt,
  ne,
  or,
  organizerAnswers,
  requestItems,
  signatureDocuments,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import { firmInstantSql, firmTodaySql } from '../../lib/firm-time.ts';
import type { ReminderSchedule } from '../settings/settings.service.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Filings looked at in one pass; the rest wait for the next pass. */
export const PASS_LIMIT = 1_000;

/** The tables whose rows are reminded of, each with its own count and last reminder. */
type RemindedTable =
  typeof requestItems | typeof signatureDocuments | typeof invoices | typeof organizerAnswers;

/**
 * Under the maximum, and the next reminder's day reached: counted from the last reminder, or from `since`
 * (when the row was asked for) before the first.
 */
function isScheduleReached(table: RemindedTable, since: SQL, now: Date, schedule: ReminderSchedule): SQL {
  return and(
    lt(table.remindersSent, schedule.max),
    sql`${now.toISOString()}::timestamptz >= coalesce(${table.lastRemindedAt}, ${since})
      + make_interval(days => case when ${table.remindersSent} = 0
        then ${schedule.firstDays}::int else ${schedule.everyDays}::int end)`,
  ) as SQL;
}

/** One more reminder, now, on each of these rows. */
export async function countReminder(tx: Tx, table: RemindedTable, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  // The four tables share these columns; drizzle types an update of one table at a time.
  const same = table as typeof requestItems;
  await tx
    .update(same)
    .set({ remindersSent: sql`${same.remindersSent} + 1`, lastRemindedAt: now })
    .where(inArray(same.id, ids));
}

/** A client who still hears from us: e-mail verified, account live. */
const canHear = and(sql`${users.verifiedAt} is not null`, isNull(users.deactivatedAt));
/** The filing still collects documents (checklist items are reminded only then). */
export const isCollecting = inArray(filings.status, [...PROFILE_EDITABLE_STATUSES]);
/** A filing whose client still hears about checklist items: documents still collected, the client reachable. */
const isRemindable = and(isCollecting, canHear);
/** A filing whose client still hears about documents to sign and invoices: not cancelled, the client reachable. */
export const isSignRemindable = and(ne(filings.status, 'Cancel Filing'), canHear);

/** The filings (at most a pass's worth) with a row of `table` due and a client who may hear about it. */
export function dueFilings(db: Database, table: RemindedTable, due: SQL, remindable: SQL | undefined) {
  return db
    .selectDistinct({ filingId: table.filingId })
    .from(table)
    .innerJoin(filings, eq(filings.id, table.filingId))
    .innerJoin(clients, eq(clients.id, filings.clientId))
    .innerJoin(users, eq(users.id, clients.userId))
    .where(and(due, remindable))
    .limit(PASS_LIMIT);
}

// ---------------------------------------------------------------------------------------------------------
// Checklist items
// ---------------------------------------------------------------------------------------------------------

/**
 * Still waiting on the client and not put off: requested or rejected, or 'later' with its day come (today
 * in the firm's time zone or before), and not removed. These are the titles a reminder lists.
 */
function isOpen(now: Date): SQL {
  return and(
    isNull(requestItems.removedAt),
    or(
      inArray(requestItems.status, ['requested', 'rejected']),
      and(
        eq(requestItems.status, 'later'),
        or(isNull(requestItems.laterDate), sql`${requestItems.laterDate} <= ${firmTodaySql(now)}`),
      ),
    ),
  ) as SQL;
}

/** Open, under the maximum, and its next reminder's day reached: counted from the last one, or the request. */
export function isItemDue(now: Date, schedule: ReminderSchedule): SQL {
  return and(
    isOpen(now),
    isScheduleReached(requestItems, sql`${requestItems.requestedAt}`, now, schedule),
  ) as SQL;
}

/** The filings with a due item whose client hears about items. */
export const itemFilings = (db: Database, now: Date, schedule: ReminderSchedule) =>
  dueFilings(db, requestItems, isItemDue(now, schedule), isRemindable);

/** The titles a reminder lists for a filing: every open item, in the checklist's order. */
export function openItems(tx: Tx, filingId: string, now: Date) {
  return tx
    .select({ id: requestItems.id, title: requestItems.title, status: requestItems.status })
    .from(requestItems)
    .where(and(eq(requestItems.filingId, filingId), isOpen(now)))
    .orderBy(asc(requestItems.position), asc(requestItems.createdAt));
}

// ---------------------------------------------------------------------------------------------------------
// Documents to sign
// ---------------------------------------------------------------------------------------------------------

/**
 * A document still waiting for a signature: these are listed as "Sign: <title>". A document locked after too
 * many wrong codes (S2-06, `locked_at`) cannot be signed, so it is neither listed nor reminded of until staff
 * reopen it (its schedule then goes on from its last reminder).
 */
const isSignPending = and(
  eq(signatureDocuments.status, 'pending'),
  isNull(signatureDocuments.lockedAt),
) as SQL;

/** Pending, under the maximum, and its next reminder's day reached (the same schedule as items). */
export function isSignDue(now: Date, schedule: ReminderSchedule): SQL {
  return and(
    isSignPending,
    isScheduleReached(signatureDocuments, sql`${signatureDocuments.requestedAt}`, now, schedule),
  ) as SQL;
}

/** The title a reminder lists for a document to sign. */
export const signTitle = (title: string) => `Sign: ${title}`;

/** The documents to sign a reminder lists for a filing: every pending one, oldest first. */
export function pendingSignatures(tx: Tx, filingId: string) {
  return tx
    .select({ id: signatureDocuments.id, title: signatureDocuments.title })
    .from(signatureDocuments)
    .where(and(eq(signatureDocuments.filingId, filingId), isSignPending))
    .orderBy(asc(signatureDocuments.requestedAt), asc(signatureDocuments.id));
}

// ---------------------------------------------------------------------------------------------------------
// Overdue invoices
// ---------------------------------------------------------------------------------------------------------

/** What is left to pay on an invoice, in SQL. */
const invoiceBalanceSql = sql<number>`(${invoices.totalCents} - (${invoices.paidCents} - ${invoices.refundedCents}))`;

/** Sent or partly paid, a balance left, and its due date before the firm's today: listed as "Pay: …". */
function isInvoiceOverdue(now: Date): SQL {
  return and(
    inArray(invoices.status, ['sent', 'partly_paid']),
    sql`${invoiceBalanceSql} > 0`,
    sql`${invoices.dueDate} < ${firmTodaySql(now)}`,
  ) as SQL;
}

/** Overdue, under the maximum, and its next reminder's day reached, counted from the due date (firm's time). */
export function isInvoiceDue(now: Date, schedule: ReminderSchedule): SQL {
  return and(
    isInvoiceOverdue(now),
    isScheduleReached(invoices, firmInstantSql(sql`${invoices.dueDate}`), now, schedule),
  ) as SQL;
}

export type OverdueInvoice = { id: string; number: string; currency: string; balance: number };

/** The title a reminder lists for an overdue invoice. */
export const payTitle = (invoice: Pick<OverdueInvoice, 'number' | 'currency' | 'balance'>) =>
  `Pay: Invoice ${invoice.number} (${formatMoney(invoice.balance, invoice.currency)} due)`;

/** The invoices a reminder lists for a filing: every overdue one, oldest due first. */
export function overdueInvoices(tx: Tx, filingId: string, now: Date): Promise<OverdueInvoice[]> {
  return tx
    .select({
      id: invoices.id,
      number: invoices.number,
      currency: invoices.currency,
      balance: sql<number>`${invoiceBalanceSql}::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.filingId, filingId), isInvoiceOverdue(now)))
    .orderBy(asc(invoices.dueDate), asc(invoices.number));
}

// ---------------------------------------------------------------------------------------------------------
// The organizer (issue 37)
// ---------------------------------------------------------------------------------------------------------

/** Staff asked for it and the client has not sent it: listed as "Fill in your <year> organizer". */
const isOrganizerOpen = and(
  sql`${organizerAnswers.requestedAt} is not null`,
  ne(organizerAnswers.state, 'sent'),
) as SQL;

/** Open, under the maximum, and its next reminder's day reached, counted from when staff asked. */
export function isOrganizerDue(now: Date, schedule: ReminderSchedule): SQL {
  return and(
    isOrganizerOpen,
    isScheduleReached(organizerAnswers, sql`${organizerAnswers.requestedAt}`, now, schedule),
  ) as SQL;
}

/** The filings with a due organizer whose client hears about what is collected (as checklist items). */
export const organizerFilings = (db: Database, now: Date, schedule: ReminderSchedule) =>
  dueFilings(db, organizerAnswers, isOrganizerDue(now, schedule), isRemindable);

export const organizerTitle = (taxYear: number) => `Fill in your ${taxYear} organizer`;

/** The filing's open organizer, if staff asked for one and it is not sent (its id, to count the reminder). */
export function openOrganizer(tx: Tx, filingId: string) {
  return tx
    .select({ id: organizerAnswers.id })
    .from(organizerAnswers)
    .where(and(eq(organizerAnswers.filingId, filingId), isOrganizerOpen));
}
