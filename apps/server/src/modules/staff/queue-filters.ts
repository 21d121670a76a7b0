/**
 * The client queue's filters as conditions on `filings`: whom a staff member may see, and the narrowing
 * filters beside the status (issue 35). Shared by the listing, the counts, a bulk selection and the export.
 */
import type { StaffActor } from '../../lib/actor.ts';
import {
  CLIENT_WAITING_STATUSES,
  INITIAL_FILE_STATUS,
  MESSAGES,
  type DeliverableKind,
  type OrganizerState,
  type QueueDueWindow,
  type QueueWaiting,
} from '@taxfirm/contract';
import { and, deliverables, eq, filings, inArray, isNull, sql, type SQL } from '@taxfirm/db';
import { AppError } from '../../lib/app-error.ts';
import { addDays, firmToday } from '../../lib/firm-time.ts';
import { deliverableOpenSql, federalOpenSql } from '../deliverables/due-sql.ts';
import { organizerStateSql, unattendedSql } from '../filings/file-signals.ts';
import { workableFilingsWhere } from '../filings/filings.service.ts';

/** Which filings of a tax year this staff member may see: theirs, and the files waiting for an analyst. */
export const visible = (actor: Pick<StaffActor, 'userId' | 'role' | 'offshore'>, taxYear: number) =>
  and(eq(filings.taxYear, taxYear), workableFilingsWhere(actor, { triage: true }));

/** The queue's filters beside the status (issue 35): owner, deliverable kind, due window, whom it waits on. */
export type QueueNarrowing = {
  owner?: 'unassigned' | (string & {}) | undefined;
  deliverableKind?: DeliverableKind | undefined;
  due?: QueueDueWindow | undefined;
  waiting?: QueueWaiting | undefined;
  unattendedDays?: number | undefined;
  organizer?: OrganizerState | undefined;
};

/** The narrowing filters' names. */
export const NARROWING_KEYS = {
  owner: 1,
  deliverableKind: 1,
  due: 1,
  waiting: 1,
  unattendedDays: 1,
  organizer: 1,
} as const;

/** Whether no narrowing filter is given. */
export const isPlain = (n: QueueNarrowing) =>
  (Object.keys(NARROWING_KEYS) as (keyof QueueNarrowing)[]).every((k) => n[k] === undefined);

/** The narrowing filters in the audit subject (their names and values, never the search's words). */
export const narrowed = (n: QueueNarrowing) =>
  Object.entries(n)
    .filter(([key, value]) => value !== undefined && key in NARROWING_KEYS)
    .map(([key, value]) => ` ${key}=${String(value)}`)
    .join('');

/** Whose files is for admins: an analyst's queues are their own files and the unassigned ones. */
export function assertMayNarrow(actor: StaffActor, filters: QueueNarrowing): void {
  if (filters.owner && actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', { message: MESSAGES.QUEUE_OWNER_ADMIN_ONLY });
  }
}

/**
 * The narrowing filters as conditions on `filings` (each a subquery where it needs another table). `today`
 * (the firm's, by default) dates the due windows.
 */
export function narrowing(f: QueueNarrowing, today = firmToday()): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.owner === 'unassigned') conditions.push(isNull(filings.assignedTo));
  else if (f.owner) conditions.push(eq(filings.assignedTo, f.owner));
  if (f.deliverableKind === 'federal') conditions.push(federalOpenSql);
  else if (f.deliverableKind) {
    conditions.push(sql`${filings.id} in (select ${deliverables.filingId} from ${deliverables}
      where ${deliverables.kind} = ${f.deliverableKind} and ${deliverableOpenSql})`);
  }
  // The next due date in a window: overdue (before today), or from today through 7 or 30 days. The next due
  // date is the earliest date in force of what is still to file (stored on the filing, migration 0047), so a
  // file with anything overdue is overdue, and a file is due within a window only when nothing is overdue and
  // something falls in it. A range of the index on (tax year, next due, id).
  if (f.due === 'overdue') conditions.push(sql`${filings.nextDueOn} < ${today}::date`);
  else if (f.due) {
    const through = addDays(today, f.due === 'week' ? 7 : 30);
    conditions.push(sql`${filings.nextDueOn} between ${today}::date and ${through}::date`);
  }
  if (f.waiting === 'client') conditions.push(inArray(filings.status, [...CLIENT_WAITING_STATUSES]));
  if (f.waiting === 'us') {
    conditions.push(
      and(
        federalOpenSql,
        sql`not ${inArray(filings.status, [...CLIENT_WAITING_STATUSES, INITIAL_FILE_STATUS])}`,
      ),
    );
  }
  if (f.organizer) conditions.push(sql`${organizerStateSql} = ${f.organizer}`);
  if (f.unattendedDays) {
    conditions.push(and(federalOpenSql, unattendedSql(f.unattendedDays)));
  }
  return and(...conditions);
}
