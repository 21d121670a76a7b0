/**
 * My work (issue 35, ADR 026): what needs a staff member now, derived from the data (the rules are
 * `work-rules.ts`, kept per file by `work-candidates.ts` and brought up to date before every read): the list,
 * its counts, and snoozes. Nobody ticks an item off: it leaves the list when its data says it is done.
 */
import {
  DELIVERABLE_KIND_LABELS,
  MESSAGES,
  QUEUE_COUNT_LIMIT,
  WORK_KINDS,
  formatMoney,
  type WorkItem,
  type WorkKind,
} from '@taxfirm/contract';
import {
  clients,
  eq,
  filings,
  sql,
  users,
  workCandidates,
  workSnoozes,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { countUpTo, upTo } from '../../lib/paged-query.ts';
import { getIdleDays } from '../settings/settings.service.ts';
import { refreshWorkCandidates } from './work-candidates.ts';
import { workItems, type WorkScope, type WorkWho } from './work-rules.ts';

/**
 * How long a read waits for a refresh already running before it reads the kept rows as they are (a few
 * changed files take milliseconds; the first build after a migration, seconds, and is not worth a person's wait).
 */
const REFRESH_WAIT_MS = 2_000;

/** The list shows the oldest this many; the counts say how many there are. */
export const WORK_LIST_LIMIT = 100;

async function scopeOf(db: Database, actor: StaffActor, taxYear: number, who: WorkWho): Promise<WorkScope> {
  if (who !== 'me' && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.WORK_OTHERS_ADMIN_ONLY });
  }
  await refreshWorkCandidates(db, { waitMs: REFRESH_WAIT_MS });
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

/** Whole days from an instant's day to `today`, in the firm's calendar. */
const daysSince = (at: string | null, today: string) =>
  at ? Math.round((Date.parse(today) - Date.parse(firmToday(new Date(at)))) / 86_400_000) : 0;

/** What happened, in a few words. */
function summaryOf(row: Row, today: string): string {
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
      return `Idle ${daysSince(row.at, today)} days in ${row.title ?? ''}`;
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
}): Promise<{ items: WorkItem[]; total: number; total_more: boolean; limit: number }> {
  const scope = await scopeOf(db, actor, taxYear, who);
  // The page first (the person's candidates in the index's order, stopping at the limit), then its few rows
  // joined to their files and people: the joins read a hundred rows by key, never a whole table. The total is
  // its own count (read from the index alone): counting in the page's query would hold every row to sort.
  const items = workItems(scope, { kind, snoozed });
  const result = await db.execute(sql`
    with page as (
      select items.* from ${items}
      order by items.sort_at, items.key
      limit ${WORK_LIST_LIMIT}
    )
    select page.key, page.kind, page.filing_id, ${filings.clientId} as client_id,
      ${clients.firstName} as first_name, ${clients.lastName} as last_name, ${clients.fileNumber} as file_number,
      ${filings.taxYear} as tax_year, ${isoInstant('page.at')} as at, to_char(page.due, 'YYYY-MM-DD') as due,
      c.title, c.amount, c.currency, c.target,
      page.person_id as owner_id, ${users.firstName} as owner_first, ${users.lastName} as owner_last,
      to_char(page.snoozed_until, 'YYYY-MM-DD') as snoozed_until, page.snoozed_note
    from page
    inner join ${workCandidates} c on c.tax_year = ${taxYear} and c.key = page.key
    inner join ${filings} on ${filings.id} = page.filing_id
    inner join ${clients} on ${clients.id} = ${filings.clientId}
    left join ${users} on ${users.id} = page.person_id
    order by page.sort_at, page.key`);
  const counted = await db.execute(sql`select ${countUpToBound(items)} as total`);
  const total = upTo(
    (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0,
    QUEUE_COUNT_LIMIT,
  );
  const rows = (result as unknown as { rows: Row[] }).rows;
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
      summary: summaryOf(row, scope.today),
      at: row.at,
      due_on: row.due,
      target_id: row.target,
      owner: row.owner_id
        ? { user_id: row.owner_id, name: [row.owner_first, row.owner_last].filter(Boolean).join(' ') }
        : null,
      snoozed: row.snoozed_until ? { until: row.snoozed_until, note: row.snoozed_note } : null,
    })),
    total: total.count,
    total_more: total.more,
    limit: WORK_LIST_LIMIT,
  };
}

/** The count of a relation's rows (`workItems`), up to one past QUEUE_COUNT_LIMIT: more says "1,000+". */
const countUpToBound = (items: SQL) => countUpTo(items, undefined, QUEUE_COUNT_LIMIT + 1);

/** How many live items of each kind the list holds, and how many are snoozed, each up to a bound. */
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
  // One row: each kind counted up to the bound (from the index by person and kind, reading at most one past
  // the bound of each), and the snoozed ones likewise.
  const result = await db.execute(
    sql`select ${sql.join(
      WORK_KINDS.map(
        (kind) =>
          sql`${countUpToBound(workItems(scope, { kind, snoozed: false }))} as ${sql.identifier(kind)}`,
      ),
      sql`, `,
    )}, ${countUpToBound(workItems(scope, { snoozed: true }))} as snoozed`,
  );
  const [row] = (result as unknown as { rows: (Record<WorkKind, number> & { snoozed: number })[] }).rows;
  const counts = WORK_KINDS.map((kind) => ({ kind, ...upTo(row?.[kind] ?? 0, QUEUE_COUNT_LIMIT) }));
  const snoozed = upTo(row?.snoozed ?? 0, QUEUE_COUNT_LIMIT);
  return {
    counts,
    total: counts.reduce((sum, c) => sum + c.count, 0),
    total_more: counts.some((c) => c.more),
    snoozed: snoozed.count,
    snoozed_more: snoozed.more,
    today: scope.today,
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
  await refreshWorkCandidates(db, { waitMs: REFRESH_WAIT_MS });
  await db.transaction(async (tx) => {
    // An admin may snooze anyone's item (of the files they may work); an analyst their own.
    const scope: WorkScope = {
      actor,
      taxYear,
      who: actor.role === 'admin' ? 'anyone' : 'me',
      today,
      idleDays: await getIdleDays({ db: tx }),
    };
    const found = await tx.execute(
      sql`select items.filing_id, ${filings.clientId} as client_id from ${workItems(scope, { kind })}
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
