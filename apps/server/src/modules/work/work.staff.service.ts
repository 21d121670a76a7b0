/**
 * My work (issue 35, ADR 026): what needs a staff member now, derived from the data on every read. Each kind is
 * one rule over its domain's rows (a branch of one `union all`), scoped to the files the person may work
 * (`workableFilingsWhere`) and to whose work it is (the file's analyst; a deliverable's owner). Nothing here is
 * stored but a snooze: an item leaves the list when its data says it is done, not when someone ticks it.
 */
import {
  DELIVERABLE_KIND_LABELS,
  FIRM_TIME_ZONE,
  MESSAGES,
  WORK_DUE_SOON_DAYS,
  WORK_KINDS,
  formatMoney,
  type FileStatus,
  type WorkItem,
  type WorkKind,
} from '@taxfirm/contract';
import {
  clients,
  deliverables,
  eq,
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
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import {
  deliverableDueSql,
  deliverableOpenSql,
  federalDueSql,
  federalOpenSql,
} from '../deliverables/due-sql.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';
import { balanceSql, openSql } from '../invoices/invoice-balance.ts';
import { getIdleDays } from '../settings/settings.service.ts';

/** The list shows the oldest this many; the counts say how many there are. */
export const WORK_LIST_LIMIT = 100;

/** Whose work: mine, nobody's, or (admins) a staff member's; `anyone` is the snooze's look-up for admins. */
export type WorkWho = 'me' | 'unassigned' | 'anyone' | (string & {});

type Scope = {
  actor: StaffActor;
  taxYear: number;
  who: WorkWho;
  /** The firm's day (YYYY-MM-DD). */
  today: string;
  idleDays: Record<FileStatus, number>;
};

const none = sql`null`;

/** Whose work an item is, from the person it belongs to (`person`: an SQL expression of a staff id). */
function forWho(scope: Scope, person: SQL): SQL {
  if (scope.who === 'anyone') return sql`true`;
  if (scope.who === 'unassigned') return sql`${person} is null`;
  const id = scope.who === 'me' ? scope.actor.userId : scope.who;
  return sql`${person} = ${id}::uuid`;
}

/** The files of the year this person may work (every branch's filter on `filings`). */
function files(scope: Scope): SQL {
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
  scope: Scope,
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
const RULES: Record<WorkKind, (scope: Scope) => SQL> = {
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
    const horizon = addDays(scope.today, WORK_DUE_SOON_DAYS);
    const federal = federalDueSql(scope.taxYear);
    const other = deliverableDueSql(scope.taxYear);
    return sql`${branch(
      'deliverable_due',
      {
        source: sql`'federal-' || ${filings.id}::text`,
        due: federal,
        title: sql`'federal'`,
      },
      sql`${filings}`,
      sql`${federalOpenSql} and ${federal} <= ${horizon}::date`,
      scope,
    )} union all ${branch(
      'deliverable_due',
      {
        source: sql`${deliverables.id}`,
        due: other,
        title: sql`${deliverables.kind}::text || coalesce(': ' || ${deliverables.label}, '')`,
        target: sql`${deliverables.id}`,
        // Its owner while they may work the file (the file's analyst or an admin); else the file's analyst (an
        // owner left behind when the file was reassigned).
        person: sql`coalesce((select ${users.id} from ${users} where ${users.id} = ${deliverables.ownerId}
          and (${users.id} = ${filings.assignedTo} or ${users.role} = 'admin')), ${filings.assignedTo})`,
      },
      sql`${deliverables} inner join ${filings} on ${filings.id} = ${deliverables.filingId}`,
      sql`${deliverableOpenSql} and ${other} <= ${horizon}::date`,
      scope,
    )}`;
  },
};

/** Every kind's items as one relation `w` (key, kind, filing, person, at, due…), joined with its snooze. */
function workItems(scope: Scope, kind?: WorkKind): SQL {
  const kinds = kind ? [kind] : WORK_KINDS;
  const union = sql.join(
    kinds.map((k) => RULES[k](scope)),
    sql` union all `,
  );
  return sql`(select w.*, w.kind || ':' || w.source as key, s.until as snoozed_until, s.note as snoozed_note
    from (${union}) w
    left join ${workSnoozes} s on s.item_key = w.kind || ':' || w.source and s.until > ${scope.today}::date) items`;
}

async function scopeOf(db: Database, actor: StaffActor, taxYear: number, who: WorkWho): Promise<Scope> {
  if (who !== 'me' && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.WORK_OTHERS_ADMIN_ONLY });
  }
  return { actor, taxYear, who, today: firmToday(), idleDays: await getIdleDays({ db }) };
}

type Row = {
  key: string;
  kind: WorkKind;
  filing_id: string;
  client_id: string;
  first_name: string;
  last_name: string;
  file_number: string | null;
  tax_year: number;
  at: string | null;
  due: string | null;
  title: string | null;
  amount: number | null;
  currency: string | null;
  target: string | null;
  owner_id: string | null;
  owner_first: string | null;
  owner_last: string | null;
  snoozed_until: string | null;
  snoozed_note: string | null;
};

/** What happened, in a few words. */
function summaryOf(row: Row): string {
  const money = () => formatMoney(row.amount ?? 0, row.currency ?? undefined);
  switch (row.kind) {
    case 'upload_review':
      return `Uploaded ${row.title ?? 'a checklist item'}`;
    case 'message_unanswered':
      return row.amount === 1 ? 'Wrote a message' : `Wrote ${row.amount ?? 0} messages`;
    case 'signature_completed':
      return `Signed ${row.title ?? 'a document'}`;
    case 'payment_received':
      return `Paid ${money()}`;
    case 'invoice_past_due':
      return `Invoice ${row.title ?? ''} past due, ${money()} open`;
    case 'checklist_late':
      return `${row.title ?? 'A checklist item'} promised by ${row.due ?? ''}`;
    case 'file_idle':
      return `Idle ${row.amount ?? 0} days in ${row.title ?? ''}`;
    case 'file_unassigned':
      return `Waiting for an analyst (${row.title ?? ''})`;
    case 'deliverable_due': {
      const [kind, label] = (row.title ?? 'other').split(': ');
      const name = DELIVERABLE_KIND_LABELS[kind as keyof typeof DELIVERABLE_KIND_LABELS] ?? kind;
      return `${label ? `${name}: ${label}` : name} due`;
    }
  }
}

const isoInstant = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The list: oldest first (by when it happened, or else by its due day), at most `WORK_LIST_LIMIT`. */
export async function listWork({
  db,
  actor,
  taxYear,
  who,
  kind,
  snoozed,
}: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  who: WorkWho;
  kind?: WorkKind | undefined;
  snoozed: boolean;
}): Promise<{ items: WorkItem[]; total: number; limit: number }> {
  const scope = await scopeOf(db, actor, taxYear, who);
  // The page first (sorted and cut to the limit, with the total), then its few rows joined to their files and
  // people: the joins then read a hundred rows by key, never a whole table.
  const result = await db.execute(sql`
    with page as (
      select items.*, count(*) over ()::int as total from ${workItems(scope, kind)}
      where items.snoozed_until is ${snoozed ? sql`not null` : sql`null`}
      order by coalesce(items.at, items.due::timestamp at time zone 'UTC'), items.key
      limit ${WORK_LIST_LIMIT}
    )
    select page.key, page.kind, page.filing_id, ${filings.clientId} as client_id,
      ${clients.firstName} as first_name, ${clients.lastName} as last_name, ${clients.fileNumber} as file_number,
      ${filings.taxYear} as tax_year, ${isoInstant('page.at')} as at, to_char(page.due, 'YYYY-MM-DD') as due,
      page.title, page.amount, page.currency, page.target,
      page.person_id as owner_id, ${users.firstName} as owner_first, ${users.lastName} as owner_last,
      to_char(page.snoozed_until, 'YYYY-MM-DD') as snoozed_until, page.snoozed_note, page.total
    from page
    inner join ${filings} on ${filings.id} = page.filing_id
    inner join ${clients} on ${clients.id} = ${filings.clientId}
    left join ${users} on ${users.id} = page.person_id
    order by coalesce(page.at, page.due::timestamp at time zone 'UTC'), page.key`);
  const rows = (result as unknown as { rows: (Row & { total: number })[] }).rows;
  await audit(db, {
    actor,
    action: 'staff.work.list',
    subject: `${taxYear}/${who}${kind ? `/${kind}` : ''}`,
  });
  return {
    items: rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      client_id: row.client_id,
      name: `${row.first_name} ${row.last_name}`,
      file_number: row.file_number,
      tax_year: row.tax_year,
      summary: summaryOf(row),
      at: row.at,
      due_on: row.due,
      target_id: row.target,
      owner: row.owner_id
        ? { user_id: row.owner_id, name: [row.owner_first, row.owner_last].filter(Boolean).join(' ') }
        : null,
      snoozed: row.snoozed_until ? { until: row.snoozed_until, note: row.snoozed_note } : null,
    })),
    total: rows[0]?.total ?? 0,
    limit: WORK_LIST_LIMIT,
  };
}

/** How many live items of each kind the list holds, and how many are snoozed. */
export async function countWork({
  db,
  actor,
  taxYear,
  who,
}: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  who: WorkWho;
}) {
  const scope = await scopeOf(db, actor, taxYear, who);
  const result = await db.execute(sql`
    select items.kind, (count(*) filter (where items.snoozed_until is null))::int as live,
      (count(*) filter (where items.snoozed_until is not null))::int as snoozed
    from ${workItems(scope)} group by items.kind`);
  const rows = (result as unknown as { rows: { kind: WorkKind; live: number; snoozed: number }[] }).rows;
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const counts = WORK_KINDS.map((kind) => ({ kind, count: byKind.get(kind)?.live ?? 0 }));
  return {
    counts,
    total: counts.reduce((sum, c) => sum + c.count, 0),
    snoozed: rows.reduce((sum, r) => sum + r.snoozed, 0),
  };
}

/**
 * Snooze an item until a day, with a note, or wake it (`until: null`). The item must be in the list this
 * person may see (an admin: any file's), so nobody snoozes what they cannot work.
 */
export async function snoozeWork({
  db,
  actor,
  taxYear,
  key,
  until,
  note,
}: {
  db: Database;
  actor: StaffActor;
  taxYear: number;
  key: string;
  until: string | null;
  note: string | null;
}): Promise<void> {
  const colon = key.indexOf(':');
  const kind = key.slice(0, Math.max(colon, 0)) as WorkKind;
  if (!(WORK_KINDS as readonly string[]).includes(kind))
    throw new AppError('NOT_FOUND', { message: MESSAGES.WORK_ITEM_NOT_FOUND });
  const today = firmToday();
  if (until !== null && until <= today) {
    throw AppError.onField('UNPROCESSABLE', 'until', MESSAGES.WORK_SNOOZE_DATE_INVALID);
  }
  await db.transaction(async (tx) => {
    // An admin may snooze anyone's item (of the files they may work); an analyst their own.
    const scope: Scope = {
      actor,
      taxYear,
      who: actor.role === 'admin' ? 'anyone' : 'me',
      today,
      idleDays: await getIdleDays({ db: tx }),
    };
    const found = await tx.execute(
      sql`select items.filing_id, ${filings.clientId} as client_id from ${workItems(scope, kind)}
        inner join ${filings} on ${filings.id} = items.filing_id where items.key = ${key} limit 1`,
    );
    const [item] = (found as unknown as { rows: { filing_id: string; client_id: string }[] }).rows;
    if (!item) throw new AppError('NOT_FOUND', { message: MESSAGES.WORK_ITEM_NOT_FOUND });
    if (until === null) await tx.delete(workSnoozes).where(eq(workSnoozes.itemKey, key));
    else {
      const values = {
        filingId: item.filing_id,
        until,
        note,
        snoozedBy: actor.userId,
        createdAt: new Date(),
      };
      await tx
        .insert(workSnoozes)
        .values({ itemKey: key, ...values })
        .onConflictDoUpdate({ target: workSnoozes.itemKey, set: values });
    }
    await audit(tx, {
      actor,
      action: until ? 'staff.work.snooze' : 'staff.work.wake',
      clientId: item.client_id,
      subject: key,
    });
  });
}
