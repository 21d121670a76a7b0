/**
 * A file's signals for staff lists (the work queues, the workbench's lists to come): checklist progress,
 * unsigned documents, balance due, unread messages and the client's last activity. Each is one SQL expression,
 * a subquery correlated on the outer query's `filings` row (its id, client and tax year), so a list selects
 * any of them beside its own columns: computed by the database for the rows the list returns, never a query
 * per row. Select them over a page of filings (`inArray(filings.id, pageIds)`), not over a whole tax year.
 *
 * Each keys on the columns an index of its table starts with (the client, then the filing or tax year). One
 * condition is here too, "unattended" (`unattendedSql`): a filter over a tax year's filings, not a column.
 */
import type { OrganizerState } from '@taxfirm/contract';
import {
  filings,
  invoices,
  messages,
  organizerAnswers,
  requestItemEvents,
  requestItems,
  signatureDocuments,
  sql,
  staffActivity,
  type SQL,
} from '@taxfirm/db';
import { balanceSql, openSql } from '../invoices/invoice-balance.ts';

/**
 * A subquery on the outer `filings` row, in parentheses. Nested like this, its columns are always written
 * with their table ("filings"."id"): Drizzle writes a column bare in a select over a single table, and a bare
 * `id` inside the subquery would be the subquery's own.
 */
const perFile = <T>(query: SQL) => sql<T>`(${query})`;

/** The year's organizer (issue 37): 'not_started' until the client saves or staff send it. */
export const organizerStateSql = perFile<OrganizerState>(sql`select coalesce(
  (select ${organizerAnswers.state}::text from ${organizerAnswers} where ${organizerAnswers.filingId} = ${filings.id}),
  'not_started')`);

/**
 * Checklist progress: the file's required checklist items (not removed, not "doesn't apply") and how many of
 * them are accepted, as `{ accepted, required }` (both 0 without a checklist).
 */
export const checklistProgressSql = perFile<{
  accepted: number;
  required: number;
}>(sql`select json_build_object(
  'accepted', (count(*) filter (where ${requestItems.status} = 'accepted'))::int,
  'required', count(*)::int
) from ${requestItems} where ${requestItems.clientId} = ${filings.clientId}
  and ${requestItems.filingId} = ${filings.id}
  and ${requestItems.required} and ${requestItems.removedAt} is null
  and ${requestItems.status} <> 'not_applicable'`);

/** Unsigned documents: the file's documents put up for signature and still waiting for it (0 when none). */
export const unsignedDocumentsSql = perFile<number>(sql`select count(*)::int from ${signatureDocuments}
  where ${signatureDocuments.clientId} = ${filings.clientId}
  and ${signatureDocuments.filingId} = ${filings.id}
  and ${signatureDocuments.status} = 'pending'`).mapWith(Number);

/**
 * Balance due, in cents: what is left to pay on the file's open invoices (sent or partly paid; `balanceSql`
 * of each). Drafts, paid and void invoices owe nothing; 0 when there is no invoice.
 */
export const balanceDueSql = perFile<number>(sql`select coalesce(sum(${balanceSql}), 0)::int from ${invoices}
  where ${invoices.clientId} = ${filings.clientId}
  and ${invoices.filingId} = ${filings.id}
  and ${openSql}`).mapWith(Number);

/**
 * Unread messages: the client's messages about the file's tax year that no staff member has read yet (0 when
 * none). The thread's badge (`message_threads.unread_count`) counts every year of the client's.
 */
export const unreadMessagesSql = perFile<number>(sql`select count(*)::int from ${messages}
  where ${messages.clientId} = ${filings.clientId}
  and ${messages.authorKind} = 'client'
  and ${messages.readAt} is null
  and ${messages.taxYear} = ${filings.taxYear}`).mapWith(Number);

/**
 * The client's last activity on the file: when they last did something the firm hears about (wrote,
 * uploaded, paid, signed, answered a checklist item: the staff activity feed) for its tax year; null if never.
 */
export const lastClientActivitySql =
  perFile<Date | null>(sql`select max(${staffActivity.createdAt}) from ${staffActivity}
  where ${staffActivity.clientId} = ${filings.clientId}
  and ${staffActivity.taxYear} = ${filings.taxYear}`).mapWith(staffActivity.createdAt);

/**
 * A condition, not a column (for a WHERE over a tax year's filings, unlike the signals above). Unattended: the
 * firm has done nothing on the file the client would notice for `days` days: no status change, no message to
 * them about its tax year (internal notes do not count), no staff work on its checklist (an item asked for,
 * reviewed, reminded by a person). In its status since before then, and none of the rest since (read from
 * the recent rows, not a look-up per file).
 */
export function unattendedSql(days: number): SQL {
  const since = sql`now() - make_interval(days => ${days})`;
  return sql`${filings.statusSince} < ${since} and not exists (select 1 from ${messages}
    where ${messages.clientId} = ${filings.clientId} and ${messages.taxYear} = ${filings.taxYear}
    and ${messages.authorKind} = 'staff' and not ${messages.internal} and ${messages.createdAt} >= ${since})
    and not exists (select 1 from ${requestItemEvents}
      inner join ${requestItems} on ${requestItems.id} = ${requestItemEvents.itemId}
      where ${requestItemEvents.clientId} = ${filings.clientId} and ${requestItems.filingId} = ${filings.id}
      and ${requestItemEvents.actorKind} = 'staff' and ${requestItemEvents.createdAt} >= ${since})`;
}
