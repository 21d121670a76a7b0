/**
 * The season report (issue 36, admins): a tax year per owner and per status. Each figure is one aggregate over
 * its domain's rows, worked out with that domain's own rules (the due dates in force of `deliverables/due-sql`,
 * an invoice's balance of `invoices/invoice-balance`), so the report and the lists it summarises agree.
 */
import {
  FILE_STATUSES,
  type FileStatus,
  type ReportMoney,
  type ReportOwnerRow,
  type StaffSeasonReport,
} from '@taxfirm/contract';
import {
  deliverables,
  filings,
  filingStatusHistory,
  inArray,
  invoices,
  requestItems,
  sql,
  users,
  type Database,
  type SQL,
} from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { firmToday } from '../../lib/firm-time.ts';
import {
  deliverableDueSql,
  deliverableOpenSql,
  federalDueSql,
  federalOpenSql,
} from '../deliverables/due-sql.ts';
import { balanceSql, openSql } from '../invoices/invoice-balance.ts';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** A key for "nobody": the files no one is assigned. */
const NOBODY = 'nobody';
const keyOf = (owner: string | null) => owner ?? NOBODY;

/** The report of one tax year, as the call answers it (`now`: the day overdue is counted from). */
export async function seasonReport(
  db: Database,
  actor: StaffActor,
  taxYear: number,
  now: Date = new Date(),
): Promise<Omit<StaffSeasonReport, 'http_code' | 'status_smessage'>> {
  const today = firmToday(now);
  const year = sql`${filings.taxYear} = ${taxYear}`;
  const inProgress = await rowsOf<{ owner: string | null; n: number }>(
    db,
    sql`select ${filings.assignedTo} as owner, count(*)::int as n from ${filings}
      where ${year} and ${federalOpenSql} group by 1`,
  );
  const overdue = await rowsOf<{ owner: string | null; n: number }>(
    db,
    sql`select owner, count(*)::int as n from (
      select ${filings.assignedTo} as owner from ${filings}
        where ${year} and ${federalOpenSql} and ${federalDueSql(taxYear)} < ${today}::date
      union all
      select coalesce(${deliverables.ownerId}, ${filings.assignedTo}) from ${deliverables}
        inner join ${filings} on ${filings.id} = ${deliverables.filingId}
        where ${year} and ${deliverableOpenSql} and ${deliverableDueSql(taxYear)} < ${today}::date
    ) due group by 1`,
  );
  const toReview = await rowsOf<{ owner: string | null; n: number }>(
    db,
    sql`select ${filings.assignedTo} as owner, count(*)::int as n from ${requestItems}
      inner join ${filings} on ${filings.id} = ${requestItems.filingId}
      where ${year} and ${requestItems.status} = 'uploaded' and ${requestItems.removedAt} is null group by 1`,
  );
  // Billed: invoices sent (never a draft, never a void one); paid: what came in less refunds; outstanding:
  // the open invoices' balance (the invoices list's own rule).
  const money = await rowsOf<{
    owner: string | null;
    currency: string;
    billed: number;
    paid: number;
    owed: number;
  }>(
    db,
    sql`select ${filings.assignedTo} as owner, ${invoices.currency}::text as currency,
      coalesce(sum(${invoices.totalCents}) filter (where ${invoices.status} not in ('draft', 'void')), 0)::bigint as billed,
      coalesce(sum(${invoices.paidCents} - ${invoices.refundedCents}) filter (where ${invoices.status} <> 'void'), 0)::bigint as paid,
      coalesce(sum(${balanceSql}) filter (where ${openSql}), 0)::bigint as owed
      from ${invoices} left join ${filings} on ${filings.id} = ${invoices.filingId}
      where ${invoices.taxYear} = ${taxYear} group by 1, 2 order by 2`,
  );
  const byStatus = await rowsOf<{ status: FileStatus; n: number }>(
    db,
    sql`select ${filings.status}::text as status, count(*)::int as n from ${filings} where ${year} group by 1`,
  );
  // Each stay in a status: from its entry to the next one (or to now, for the status a file is in).
  const stays = await rowsOf<{ status: FileStatus; median: number | null }>(
    db,
    sql`select status, percentile_cont(0.5) within group (order by days) as median from (
      select ${filingStatusHistory.toStatus}::text as status,
        extract(epoch from (coalesce(lead(${filingStatusHistory.createdAt}) over (
          partition by ${filingStatusHistory.filingId}
          order by ${filingStatusHistory.createdAt}, ${filingStatusHistory.id}), ${now.toISOString()}::timestamptz)
          - ${filingStatusHistory.createdAt})) / 86400 as days
      from ${filingStatusHistory} inner join ${filings} on ${filings.id} = ${filingStatusHistory.filingId}
      where ${year}) s group by 1`,
  );

  const ownerIds = [
    ...new Set(
      [...inProgress, ...overdue, ...toReview, ...money].map((r) => r.owner).filter((o) => o !== null),
    ),
  ];
  const names = new Map(
    ownerIds.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, first: users.firstName, last: users.lastName })
            .from(users)
            .where(inArray(users.id, ownerIds))
        ).map((u) => [u.id, `${u.first} ${u.last}`.trim()]),
  );
  const count = (rows: { owner: string | null; n: number }[], owner: string | null) =>
    rows.find((r) => keyOf(r.owner) === keyOf(owner))?.n ?? 0;
  const moneyOf = (rows: typeof money): ReportMoney[] => {
    const byCurrency = new Map<string, ReportMoney>();
    for (const r of rows) {
      const m = byCurrency.get(r.currency) ?? {
        currency: r.currency,
        billed_cents: 0,
        paid_cents: 0,
        outstanding_cents: 0,
      };
      m.billed_cents += Number(r.billed);
      m.paid_cents += Number(r.paid);
      m.outstanding_cents += Number(r.owed);
      byCurrency.set(r.currency, m);
    }
    return [...byCurrency.values()];
  };
  const owners: (string | null)[] = [...ownerIds, null];
  const byOwner: ReportOwnerRow[] = owners
    .map((owner) => ({
      owner_id: owner,
      owner: owner === null ? 'Unassigned' : (names.get(owner) ?? 'A former staff member'),
      files_in_progress: count(inProgress, owner),
      overdue_deliverables: count(overdue, owner),
      documents_to_review: count(toReview, owner),
      money: moneyOf(money.filter((m) => keyOf(m.owner) === keyOf(owner))),
    }))
    .filter(
      (row) =>
        row.owner_id !== null ||
        row.files_in_progress + row.overdue_deliverables + row.documents_to_review > 0 ||
        row.money.length > 0,
    )
    .sort((a, b) => (a.owner_id === null ? 1 : b.owner_id === null ? -1 : a.owner.localeCompare(b.owner)));
  const sum = (pick: (r: ReportOwnerRow) => number) => byOwner.reduce((total, r) => total + pick(r), 0);

  await audit(db, { actor, action: 'staff.reports.season', subject: String(taxYear) });
  return {
    tax_year: taxYear,
    by_owner: byOwner,
    by_status: FILE_STATUSES.map((status) => {
      const median = stays.find((s) => s.status === status)?.median;
      return {
        status,
        files: byStatus.find((s) => s.status === status)?.n ?? 0,
        median_days: median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
      };
    }),
    totals: {
      files_in_progress: sum((r) => r.files_in_progress),
      overdue_deliverables: sum((r) => r.overdue_deliverables),
      documents_to_review: sum((r) => r.documents_to_review),
      money: moneyOf(money),
    },
  };
}

export const SEASON_REPORT_CSV_HEADER = [
  'Section',
  'Owner or status',
  'Files in progress',
  'Overdue deliverables',
  'Documents to review',
  'Currency',
  'Billed',
  'Paid',
  'Outstanding',
  'Files in status',
  'Median days in status',
] as const;

const decimal = (cents: number) => (cents / 100).toFixed(2);

/** The report's rows as CSV: one per owner and currency, the totals, then one per status. */
export function seasonReportCsvRows(report: Awaited<ReturnType<typeof seasonReport>>): CsvCell[][] {
  const ownerRows = (section: string, name: string, row: Omit<ReportOwnerRow, 'owner_id' | 'owner'>) => {
    const counts = [row.files_in_progress, row.overdue_deliverables, row.documents_to_review];
    if (row.money.length === 0) return [[section, name, ...counts, null, null, null, null, null, null]];
    // The files' counts on the owner's first row only: summing the column counts each file once.
    return row.money.map((m, i) => [
      section,
      name,
      ...(i === 0 ? counts : [null, null, null]),
      m.currency,
      decimal(m.billed_cents),
      decimal(m.paid_cents),
      decimal(m.outstanding_cents),
      null,
      null,
    ]);
  };
  return [
    ...report.by_owner.flatMap((row) => ownerRows('owner', row.owner, row)),
    ...ownerRows('total', 'All files', report.totals),
    ...report.by_status.map((row) => [
      'status',
      row.status,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      row.files,
      row.median_days,
    ]),
  ];
}
