/**
 * The due-date rule's SQL twin (ADR 025, ADR 026): the date in force of the federal return (the filing) and of
 * each other deliverable, in the database, for lists that filter or sort by it (My work, the queues). The rule
 * depends only on the kind, the tax year and the extension, so the dates are worked out here by `dueDateOf` for
 * the list's tax year and written into the query as constants: the two forms cannot disagree.
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

/**
 * The outer `filings` row's next due date: the earliest date in force among its deliverables still to file,
 * the federal return's included; null when everything is filed or undated. (`least` skips nulls; the
 * deliverables' minimum is one probe of their filing index.)
 */
export function nextDueSql(taxYear: number): SQL<string | null> {
  return sql<string | null>`least(case when ${federalOpenSql} then ${federalDueSql(taxYear)} end, (
    select min(${deliverableDueSql(taxYear)}) from ${deliverables}
    where ${deliverables.filingId} = ${filings.id} and ${deliverableOpenSql}))`;
}

/**
 * The outer `filings` row has something still to file due in [from, through] (either end open): the federal
 * return, or a deliverable (found as one set of filings, not a probe per filing).
 */
export function dueBetweenSql(taxYear: number, from: string | null, through: string | null): SQL {
  const within = (due: SQL) =>
    sql.join(
      [
        from === null ? undefined : sql`${due} >= ${from}::date`,
        through === null ? undefined : sql`${due} <= ${through}::date`,
      ].filter((c): c is SQL => c !== undefined),
      sql` and `,
    );
  const federal = federalDueSql(taxYear);
  const other = deliverableDueSql(taxYear);
  return sql`((${federalOpenSql} and ${within(federal)}) or ${filings.id} in (
    select ${deliverables.filingId} from ${deliverables} where ${deliverableOpenSql} and ${within(other)}))`;
}
