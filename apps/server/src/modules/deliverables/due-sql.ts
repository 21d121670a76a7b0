/**
 * The due-date rule's SQL twin (ADR 025, ADR 026): the date in force of the federal return (the filing) and of
 * each other deliverable, in the database, for lists that read each date (My work, the season report). The rule
 * depends only on the kind, the tax year and the extension, so the dates are worked out here by `dueDateOf` for
 * the list's tax year and written into the query as constants: the two forms cannot disagree. A file's next due
 * date (the earliest of these still to file) is stored on the filing, kept by the database from the same rule's
 * rows (`filings.next_due_on`, `due_rules`, migration 0047).
 */
import { ADDED_DELIVERABLE_KINDS, FILED_STATUSES, dueDateOf, type FileStatus } from '@taxfirm/contract';
import { deliverables, filings, sql, type SQL } from '@taxfirm/db';

/** Statuses in which the federal return needs nobody any more (filed, or the filing cancelled). */
export const DONE_FILE_STATUSES: readonly FileStatus[] = [...FILED_STATUSES, 'Cancel Filing'];
const DONE_DELIVERABLE_STATUSES = ['filed', 'accepted'] as const;

const list = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** The outer `filings` row's federal return is still to file. */
export const federalOpenSql = sql`${filings.status} not in ${list(DONE_FILE_STATUSES)}`;

/** The `deliverables` row is still to file. */
export const deliverableOpenSql = sql`${deliverables.status} not in ${list(DONE_DELIVERABLE_STATUSES)}`;

/** The federal return's date in force on the outer `filings` row: staff's, or else the rule's. */
export function federalDueSql(taxYear: number): SQL {
  return sql`coalesce(${filings.dueOn}, case when ${filings.extended}
    then ${dueDateOf('federal', taxYear, { extended: true })}::date
    else ${dueDateOf('federal', taxYear)}::date end)`;
}

/** A `deliverables` row's date in force: staff's, or else its kind's rule (null where the rule gives none). */
export function deliverableDueSql(taxYear: number): SQL {
  return sql`coalesce(${deliverables.dueOn}, case ${sql.join(
    ADDED_DELIVERABLE_KINDS.map(
      (kind) =>
        sql`when ${deliverables.kind} = ${kind} then (case when ${deliverables.extended}
          then ${dueDateOf(kind, taxYear, { extended: true })}::date
          else ${dueDateOf(kind, taxYear)}::date end)`,
    ),
    sql` `,
  )} end)`;
}
