/**
 * My work's rules (issue 35, ADR 026): one SQL rule per kind over its domain's rows, a branch of one
 * `union all`, scoped to the files the person may work (`workableFilingsWhere`) and to whose work each item is
 * (the file's analyst; a deliverable's owner while they may work the file). `workItems` is the relation the
 * service lists, counts and snoozes from.
 */
import {
  FIRM_TIME_ZONE,
  WORK_DUE_SOON_DAYS,
  WORK_KINDS,
  type FileStatus,
  type WorkKind,
} from '@taxfirm/contract';
import {
  deliverables,
  filings,
  invoices,
  messageThreads,
  messages,
  payments,
  requestItems,
  signatureDocuments,
  sql,
  users,
  workSnoozes,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { addDays } from '../../lib/firm-time.ts';
import { deliverableDueSql, dueIn, federalDueSql, federalOpenSql } from '../deliverables/due-sql.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';
import { balanceSql, openSql } from '../invoices/invoice-balance.ts';

/** Whose work: mine, nobody's, or (admins) a staff member's; `anyone` is the snooze's look-up for admins. */
export type WorkWho = 'me' | 'unassigned' | 'anyone' | (string & {});

export type WorkScope = {
  actor: StaffActor;
  taxYear: number;
  who: WorkWho;
  /** The firm's day (YYYY-MM-DD). */
  today: string;
  idleDays: Record<FileStatus, number>;
};

const none = sql`null`;

/** Whose work an item is, from the person it belongs to (`person`: an SQL expression of a staff id). */
function forWho(scope: WorkScope, person: SQL): SQL {
  if (scope.who === 'anyone') return sql`true`;
  if (scope.who === 'unassigned') return sql`${person} is null`;
  const id = scope.who === 'me' ? scope.actor.userId : scope.who;
  return sql`${person} = ${id}::uuid`;
}

/** The files of the year this person may work (every branch's filter on `filings`). */
function files(scope: WorkScope): SQL {
  const workable = workableFilingsWhere(scope.actor);
  return workable
    ? sql`${filings.taxYear} = ${scope.taxYear} and ${workable}`
    : sql`${filings.taxYear} = ${scope.taxYear}`;
}

/**
 * One branch of the list: the same columns for every kind. `source` names what the item is about (its key is
 * `<kind>:<source>`); `at` is when it happened and `due` the day it is (or was) due, one of them or both.
 */
function branch(
  kind: WorkKind,
  given: Partial<Record<'at' | 'due' | 'title' | 'amount' | 'currency' | 'target' | 'person', SQL>> & {
    source: SQL;
  },
  from: SQL,
  where: SQL,
  scope: WorkScope,
): SQL {
  // What a kind does not name is null; whose it is, the file's analyst.
  const cols = {
    at: none,
    due: none,
    title: none,
    amount: none,
    currency: none,
    target: none,
    person: sql`${filings.assignedTo}`,
    ...given,
  };
  // Each column in parentheses before its cast: an expression's own operators bind looser than `::`.
  return sql`select ${kind}::text as kind, (${cols.source})::text as source, ${filings.id} as filing_id,
    (${cols.person}) as person_id, (${cols.at})::timestamptz as at, (${cols.due})::date as due,
    (${cols.title})::text as title, (${cols.amount})::int as amount, (${cols.currency})::text as currency,
    (${cols.target})::text as target
    from ${from} where ${files(scope)} and ${where} and ${forWho(scope, cols.person)}`;
}

/**
 * A row of a file's table joined to its filing on the client and the filing both (every such table's index
 * starts with the client), so the planner can walk from the person's filings into it.
 */
const onFiling = (
  table: typeof requestItems | typeof signatureDocuments | typeof payments | typeof invoices,
) => sql`${table.clientId} = ${filings.clientId} and ${table.filingId} = ${filings.id}`;

/** Each kind's rule. */
const RULES: Record<WorkKind, (scope: WorkScope) => SQL> = {
  // A client sent a checklist item's files: staff accept or reject them.
  upload_review: (scope) =>
    branch(
      'upload_review',
      {
        // A new upload after a rejection is a new item (a snooze of the last one does not hide it).
        source: sql`${requestItems.id}::text || '@' || extract(epoch from ${requestItems.updatedAt})::bigint`,
        at: sql`${requestItems.updatedAt}`,
        title: sql`${requestItems.title}`,
        target: sql`${requestItems.id}`,
      },
      sql`${requestItems} inner join ${filings} on ${onFiling(requestItems)}`,
      sql`${requestItems.status} = 'uploaded' and ${requestItems.removedAt} is null`,
      scope,
    ),

  // The client wrote and nobody answered: since the first of their messages after the firm's last reply.
  message_unanswered: (scope) =>
    branch(
      'message_unanswered',
      {
        // The client writing again after an answer is a new item.
        source: sql`${messageThreads.id}::text || '@' || extract(epoch from waiting.first_at)::bigint`,
        at: sql`waiting.first_at`,
        amount: sql`waiting.n`,
      },
      sql`${messageThreads} inner join ${filings} on ${filings.clientId} = ${messageThreads.clientId}
        cross join lateral (
          select min(m.created_at) as first_at, count(*)::int as n from ${messages} m
          where m.thread_id = ${messageThreads.id} and m.author_kind = 'client'
          and m.created_at > coalesce((select max(r.created_at) from ${messages} r
            where r.thread_id = ${messageThreads.id} and r.author_kind = 'staff' and not r.internal), '-infinity')
        ) waiting`,
      sql`${messageThreads.status} = 'open' and waiting.n > 0`,
      scope,
    ),

  // The last signer signed, and the file has not moved on since.
  signature_completed: (scope) =>
    branch(
      'signature_completed',
      {
        source: sql`${signatureDocuments.id}`,
        at: sql`${signatureDocuments.signedAt}`,
        title: sql`${signatureDocuments.title}`,
        target: sql`${signatureDocuments.id}`,
      },
      sql`${signatureDocuments} inner join ${filings} on ${onFiling(signatureDocuments)}`,
      sql`${signatureDocuments.status} = 'signed' and ${signatureDocuments.signedAt} > ${filings.statusSince}`,
      scope,
    ),

  // The client paid, and the file has not moved on since.
  payment_received: (scope) =>
    branch(
      'payment_received',
      {
        source: sql`${payments.id}`,
        at: sql`${payments.paidAt}`,
        amount: sql`${payments.amountCents}`,
        currency: sql`${payments.currency}`,
        target: sql`${payments.invoiceId}`,
      },
      sql`${payments} inner join ${filings} on ${onFiling(payments)}`,
      sql`${payments.status} = 'paid' and ${payments.paidAt} > ${filings.statusSince}`,
      scope,
    ),

  // An invoice sent and not paid by its due date.
  invoice_past_due: (scope) =>
    branch(
      'invoice_past_due',
      {
        source: sql`${invoices.id}`,
        due: sql`${invoices.dueDate}`,
        title: sql`${invoices.number}`,
        amount: balanceSql,
        currency: sql`${invoices.currency}`,
        target: sql`${invoices.id}`,
      },
      sql`${invoices} inner join ${filings} on ${onFiling(invoices)}`,
      sql`${openSql} and ${invoices.dueDate} < ${scope.today}::date`,
      scope,
    ),

  // The client said "I'll send it by" a day that has passed.
  checklist_late: (scope) =>
    branch(
      'checklist_late',
      {
        // A new promised day is a new item.
        source: sql`${requestItems.id}::text || '@' || ${requestItems.laterDate}::text`,
        due: sql`${requestItems.laterDate}`,
        title: sql`${requestItems.title}`,
        target: sql`${requestItems.id}`,
      },
      sql`${requestItems} inner join ${filings} on ${onFiling(requestItems)}`,
      sql`${requestItems.status} = 'later' and ${requestItems.removedAt} is null
        and ${requestItems.laterDate} < ${scope.today}::date`,
      scope,
    ),

  // In its status longer than the firm's threshold for that status (Settings; 0: never).
  file_idle: (scope) => {
    const days = sql`coalesce((${JSON.stringify(scope.idleDays)}::jsonb ->> ${filings.status}::text)::int, 0)`;
    return branch(
      'file_idle',
      {
        // A snooze lasts while the file stays in this status: entering it again is a new item.
        source: sql`${filings.id}::text || '@' || extract(epoch from ${filings.statusSince})::bigint`,
        at: sql`${filings.statusSince}`,
        title: sql`${filings.status}`,
        // Whole days in the firm's calendar.
        amount: sql`${scope.today}::date - (${filings.statusSince} at time zone ${FIRM_TIME_ZONE})::date`,
      },
      sql`${filings}`,
      sql`${days} > 0 and ${filings.statusSince} < now() - make_interval(days => ${days})`,
      scope,
    );
  },

  // A file with nobody on it (a new registration in To Be Assigned, or an analyst who left).
  file_unassigned: (scope) =>
    branch(
      'file_unassigned',
      {
        source: sql`${filings.id}`,
        at: sql`${filings.createdAt}`,
        title: sql`${filings.status}`,
      },
      sql`${filings}`,
      sql`${filings.assignedTo} is null and ${federalOpenSql}`,
      scope,
    ),

  // Due within 14 days or overdue, and not filed yet: the federal return (the file) and each other deliverable.
  deliverable_due: (scope) => {
    // Due by the horizon (overdue included) and still to file: the queue's due window, from no day on.
    const due = dueIn({
      taxYear: scope.taxYear,
      from: null,
      through: addDays(scope.today, WORK_DUE_SOON_DAYS),
    });
    const federal = federalDueSql(scope.taxYear);
    const other = deliverableDueSql(scope.taxYear);
    const deliverable = (person: SQL, whose: SQL) =>
      branch(
        'deliverable_due',
        {
          source: sql`${deliverables.id}`,
          due: other,
          title: sql`${deliverables.kind}::text || coalesce(': ' || ${deliverables.label}, '')`,
          target: sql`${deliverables.id}`,
          person,
        },
        sql`${deliverables} inner join ${filings} on ${filings.id} = ${deliverables.filingId}`,
        sql`${due.other} and ${whose}`,
        scope,
      );
    // A deliverable is its owner's while they may work the file besides its analyst (an admin); else the file's
    // analyst's (no owner, the analyst, or an owner left behind when the file was reassigned). Two branches, so
    // that each is found from its own index: the person's files, or the person's deliverables.
    const ownerWorksIt = sql`${deliverables.ownerId} is distinct from ${filings.assignedTo}
      and exists (select 1 from ${users} where ${users.id} = ${deliverables.ownerId} and ${users.role} = 'admin')`;
    return sql`${branch(
      'deliverable_due',
      {
        source: sql`'federal-' || ${filings.id}::text`,
        due: federal,
        title: sql`'federal'`,
      },
      sql`${filings}`,
      due.federal,
      scope,
    )} union all ${deliverable(sql`${filings.assignedTo}`, sql`not (${ownerWorksIt})`)}
      union all ${deliverable(sql`${deliverables.ownerId}`, ownerWorksIt)}`;
  },
};

/** Every kind's items as one relation `w` (key, kind, filing, person, at, due…), joined with its snooze. */
export function workItems(scope: WorkScope, kind?: WorkKind): SQL {
  const kinds = kind ? [kind] : WORK_KINDS;
  const union = sql.join(
    kinds.map((k) => RULES[k](scope)),
    sql` union all `,
  );
  return sql`(select w.*, w.kind || ':' || w.source as key, s.until as snoozed_until, s.note as snoozed_note
    from (${union}) w
    left join ${workSnoozes} s on s.item_key = w.kind || ':' || w.source and s.until > ${scope.today}::date) items`;
}
