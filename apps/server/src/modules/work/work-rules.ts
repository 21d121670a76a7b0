/**
 * My work's rules (issue 35, ADR 026): one SQL rule per kind over its domain's rows, a branch of one
 * `union all`, giving each item of a file with its dates and whose work it is (the file's analyst; a
 * deliverable's owner while they may work the file). The rules' rows are kept per file in `work_candidates`
 * (`work-candidates.ts` works a changed file's rows out again); `workItems` reads them for a person and a day:
 * what is due, late or idle by then, of the files the person may work. Changing a rule (or the due-date rule it
 * uses) changes rows already kept: ship it with a migration that marks every file (ADR 027).
 */
import { WORK_DUE_SOON_DAYS, WORK_KINDS, type FileStatus, type WorkKind } from '@taxfirm/contract';
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
  workCandidates,
  workSnoozes,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { addDays } from '../../lib/firm-time.ts';
import {
  deliverableDueSql,
  deliverableOpenSql,
  federalDueSql,
  federalOpenSql,
} from '../deliverables/due-sql.ts';
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

/** The columns of `work_candidates`, in the order every branch gives them. */
export const CANDIDATE_COLUMNS = sql.raw(
  '"key", "kind", "filing_id", "tax_year", "analyst_id", "person_id", "at", "due", "sort_at", "file_status", "title", "amount", "currency", "target"',
);

/**
 * One branch: a kind's items in the files `which` selects (a condition on `filings`), the same columns for
 * every kind. `source` names what the item is about (its key is `<kind>:<source>`); `at` is when it happened
 * and `due` the day it is (or was) due, one of them or both.
 */
function branch(
  kind: WorkKind,
  given: Partial<Record<'at' | 'due' | 'title' | 'amount' | 'currency' | 'target' | 'person', SQL>> & {
    source: SQL;
  },
  from: SQL,
  where: SQL,
  which: SQL,
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
  return sql`select ${kind} || ':' || (${cols.source})::text, ${kind}::text, ${filings.id}, ${filings.taxYear},
    ${filings.assignedTo}, (${cols.person}), (${cols.at})::timestamptz, (${cols.due})::date,
    coalesce((${cols.at})::timestamptz, (${cols.due})::date::timestamp at time zone 'UTC'), ${filings.status}::text,
    (${cols.title})::text, (${cols.amount})::int, (${cols.currency})::text, (${cols.target})::text
    from ${from} where ${which} and ${where}`;
}

/**
 * A row of a file's table joined to its filing on the client and the filing both (every such table's index
 * starts with the client), so the planner can walk from the filings into it.
 */
const onFiling = (
  table: typeof requestItems | typeof signatureDocuments | typeof payments | typeof invoices,
) => sql`${table.clientId} = ${filings.clientId} and ${table.filingId} = ${filings.id}`;

/** Each kind's rule. */
const RULES: Record<WorkKind, (which: SQL, taxYear: number) => SQL> = {
  // A client sent a checklist item's files: staff accept or reject them.
  upload_review: (which) =>
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
      which,
    ),

  // The client wrote and nobody answered: since the first of their messages after the firm's last reply.
  message_unanswered: (which) =>
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
      which,
    ),

  // The last signer signed, and the file has not moved on since.
  signature_completed: (which) =>
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
      which,
    ),

  // The client paid, and the file has not moved on since.
  payment_received: (which) =>
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
      which,
    ),

  // An invoice sent and not paid by its due date.
  invoice_past_due: (which) =>
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
      sql`${openSql} and ${invoices.dueDate} is not null`,
      which,
    ),

  // The client said "I'll send it by" a day that has passed.
  checklist_late: (which) =>
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
        and ${requestItems.laterDate} is not null`,
      which,
    ),

  // In its status longer than the firm's threshold for that status (Settings; 0: never): every file, the
  // threshold and the day applied when read (`shows`).
  file_idle: (which) =>
    branch(
      'file_idle',
      {
        // A snooze lasts while the file stays in this status: entering it again is a new item.
        source: sql`${filings.id}::text || '@' || extract(epoch from ${filings.statusSince})::bigint`,
        at: sql`${filings.statusSince}`,
        title: sql`${filings.status}`,
      },
      sql`${filings}`,
      sql`true`,
      which,
    ),

  // A file with nobody on it (a new registration in To Be Assigned, or an analyst who left).
  file_unassigned: (which) =>
    branch(
      'file_unassigned',
      {
        source: sql`${filings.id}`,
        at: sql`${filings.createdAt}`,
        title: sql`${filings.status}`,
      },
      sql`${filings}`,
      sql`${filings.assignedTo} is null and ${federalOpenSql}`,
      which,
    ),

  // Not filed yet, with its date in force: the federal return (the file) and each other deliverable; "due
  // within 14 days or overdue" is applied when read.
  deliverable_due: (which, taxYear) => {
    // A deliverable is its owner's while they may work the file besides its analyst (an admin); else the file's
    // analyst's (no owner, the analyst, or an owner left behind when the file was reassigned).
    const ownerWorksIt = sql`${deliverables.ownerId} is distinct from ${filings.assignedTo}
      and exists (select 1 from ${users} where ${users.id} = ${deliverables.ownerId} and ${users.role} = 'admin')`;
    return sql`${branch(
      'deliverable_due',
      { source: sql`'federal-' || ${filings.id}::text`, due: federalDueSql(taxYear), title: sql`'federal'` },
      sql`${filings}`,
      federalOpenSql,
      which,
    )} union all ${branch(
      'deliverable_due',
      {
        source: sql`${deliverables.id}`,
        due: deliverableDueSql(taxYear),
        title: sql`${deliverables.kind}::text || coalesce(': ' || ${deliverables.label}, '')`,
        target: sql`${deliverables.id}`,
        person: sql`case when ${ownerWorksIt} then ${deliverables.ownerId} else ${filings.assignedTo} end`,
      },
      sql`${deliverables} inner join ${filings} on ${filings.id} = ${deliverables.filingId}`,
      sql`${deliverableOpenSql} and ${deliverableDueSql(taxYear)} is not null`,
      which,
    )}`;
  },
};

/** Every kind's rows for the files `which` selects (a condition on `filings`) of one tax year. */
export function candidatesOf(taxYear: number, which: SQL): SQL {
  return sql.join(
    WORK_KINDS.map((kind) => RULES[kind](which, taxYear)),
    sql` union all `,
  );
}

/** Of the candidates `c`, those the person of the scope may see as theirs: whose, and of a file they may work. */
function forScope(scope: WorkScope): SQL {
  const { actor, who } = scope;
  const person = sql`c.person_id`;
  const whose =
    who === 'anyone'
      ? sql`true`
      : who === 'unassigned'
        ? sql`${person} is null`
        : sql`${person} = ${who === 'me' ? actor.userId : who}::uuid`;
  // The files the person may work, from the candidate's own columns (its filing's analyst is kept with it).
  const workable = workableFilingsWhere(actor, {
    kept: { filingId: sql`c.filing_id`, analystId: sql`c.analyst_id` },
  });
  return workable ? sql`${whose} and ${workable}` : whose;
}

/** Whether a candidate `c` is an item on the scope's day: past due, late, idle long enough, or due soon. */
function shows(scope: WorkScope): SQL {
  const idleDays = sql`coalesce((${JSON.stringify(scope.idleDays)}::jsonb ->> c.file_status)::int, 0)`;
  const horizon = addDays(scope.today, WORK_DUE_SOON_DAYS);
  return sql`case c.kind
    when 'invoice_past_due' then c.due < ${scope.today}::date
    when 'checklist_late' then c.due < ${scope.today}::date
    when 'file_idle' then ${idleDays} > 0 and c.at < now() - make_interval(days => ${idleDays})
    when 'deliverable_due' then c.due <= ${horizon}::date
    else true end`;
}

/**
 * The scope's items, one relation `items` (key, kind, filing, person, at, due, sort_at, snoozed_until,
 * snoozed_note): the candidates that are the person's and show on the day, read from the person index alone.
 * `snoozed`: only those not snoozed (false), only the snoozed (true), or both. A page's other columns are its
 * candidates' (`work_candidates` by tax year and key).
 */
export function workItems(
  scope: WorkScope,
  { kind, snoozed }: { kind?: WorkKind | undefined; snoozed?: boolean } = {},
): SQL {
  const live = sql`${workSnoozes.until} > ${scope.today}::date`;
  // Not snoozed: the few live snoozes' keys as one hashed set, tested per candidate (a join would probe the
  // snoozes once per candidate).
  const snooze =
    snoozed === false
      ? sql`null::date as snoozed_until, null::text as snoozed_note from ${workCandidates} c
        where c.key not in (select ${workSnoozes.itemKey} from ${workSnoozes} where ${live})`
      : sql`s.until as snoozed_until, s.note as snoozed_note from ${workCandidates} c
        ${snoozed ? sql`inner` : sql`left`} join ${workSnoozes} s on s.item_key = c.key and s.until > ${scope.today}::date
        where true`;
  return sql`(select c.key, c.kind, c.filing_id, c.person_id, c.at, c.due, c.sort_at, ${snooze}
    and c.tax_year = ${scope.taxYear} and ${kind ? sql`c.kind = ${kind}` : sql`true`}
      and ${forScope(scope)} and ${shows(scope)}) items`;
}
