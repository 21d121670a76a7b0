/**
 * The due-date rule's SQL twin (ADR 025, ADR 026): the date in force of the federal return (the filing) and of
 * each other deliverable, in the database, for lists that filter by it (My work, the queues). The rule
 * depends only on the kind, the tax year and the extension, so the dates are worked out here by `dueDateOf` for
 * the list's tax year and written into the query as constants: the two forms cannot disagree. A file's next due
 * date (the earliest of these still to file) is stored on the filing, kept by the database from the same rule's
 * rows (`filings.next_due_on`, `due_rules`, migration 0047).
 */
import {
  ADDED_DELIVERABLE_KINDS,
  FILED_STATUSES,
  dueDateOf,
  type DeliverableKind,
  type FileStatus,
} from '@taxfirm/contract';
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

type Window = { taxYear: number; from: string | null; through: string | null };

/**
 * A window's conditions on a `filings` row (its federal return) and on a `deliverables` row: still to file,
 * and due in [from, through] (either end open). The rule's dates are constants of the tax year, so which
 * (kind, extended) pairs fall in the window is decided here, and the database only compares the dates staff
 * gave: no row's rule is worked out in SQL. `byRule`: some rule date falls in the window. The queue's due
 * filters are these conditions (My work keeps each deliverable's date in force and compares it when read).
 */
export function dueIn({ taxYear, from, through }: Window): { federal: SQL; other: SQL; byRule: boolean } {
  const inWindow = (day: string | null) =>
    day !== null && (from === null || day >= from) && (through === null || day <= through);
  const dated = (due: SQL) =>
    sql.join(
      [
        sql`${due} is not null`,
        from === null ? undefined : sql`${due} >= ${from}::date`,
        through === null ? undefined : sql`${due} <= ${through}::date`,
      ].filter((c): c is SQL => c !== undefined),
      sql` and `,
    );
  /** Of a kind, the undated rows whose rule date is in the window: all, those (not) extended, or none. */
  const ruleOf = (kind: DeliverableKind, extended: SQL, rest?: SQL): SQL[] => {
    const [plain, moved] = [false, true].map((e) => inWindow(dueDateOf(kind, taxYear, { extended: e })));
    const and = (c: SQL) => (rest ? sql`${rest} and ${c}` : c);
    if (plain && moved) return [rest ?? sql`true`];
    if (plain) return [and(sql`not ${extended}`)];
    if (moved) return [and(extended)];
    return [];
  };
  const either = (due: SQL, rule: SQL[]) =>
    rule.length === 0
      ? dated(due)
      : sql`(${dated(due)} or (${due} is null and (${sql.join(rule, sql` or `)})))`;
  const federalRule = ruleOf('federal', sql`${filings.extended}`);
  const otherRule = ADDED_DELIVERABLE_KINDS.flatMap((kind) =>
    ruleOf(kind, sql`${deliverables.extended}`, sql`${deliverables.kind} = ${kind}`),
  );
  return {
    federal: sql`${federalOpenSql} and ${either(sql`${filings.dueOn}`, federalRule)}`,
    other: sql`${deliverableOpenSql} and ${either(sql`${deliverables.dueOn}`, otherRule)}`,
    byRule: federalRule.length + otherRule.length > 0,
  };
}

/**
 * The outer `filings` row has something still to file due in the window: the federal return, or a
 * deliverable. When no rule date falls in the window, only rows with a date of their own can: one set of
 * filing ids read from the dated rows' indexes. Otherwise most open files may match, and each filing is tested
 * on its own: its federal return, then its deliverables.
 */
export function dueBetweenSql(taxYear: number, from: string | null, through: string | null): SQL {
  const { federal, other, byRule } = dueIn({ taxYear, from, through });
  if (!byRule) {
    return sql`${filings.id} in (select ${filings.id} from ${filings}
      where ${filings.taxYear} = ${taxYear} and ${federal}
      union all select ${deliverables.filingId} from ${deliverables} where ${other})`;
  }
  // Tested row by row (`exists`, its deliverables read by their filing index), never as one set of every
  // matching deliverable built before the first row: a page or a bounded count stops after a few rows, and
  // that set grew with the firm (50,000 deliverables read for a page of 25 at 100,000 clients). `offset 0` keeps
  // PostgreSQL from hashing the subquery into such a set anyway (docs/benchmarks.md).
  return sql`((${federal}) or exists (select 1 from ${deliverables}
    where ${deliverables.filingId} = ${filings.id} and ${other} offset 0))`;
}

/** The outer `filings` row has nothing still to file due in the window (a test of that row and its own). */
export function notDueBetweenSql(taxYear: number, from: string | null, through: string | null): SQL {
  const { federal, other } = dueIn({ taxYear, from, through });
  return sql`not (${federal}) and not exists (select 1 from ${deliverables}
    where ${deliverables.filingId} = ${filings.id} and ${other})`;
}
