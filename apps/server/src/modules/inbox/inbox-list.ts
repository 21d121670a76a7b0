/**
 * What every list of the staff inbox shares: a paged list (lib/paged-query.ts) read a page at a time for the
 * console, its read written to the audit log, and the same list, every matching row, as CSV cells for an export.
 */
import {
  isPhoneExtension,
  phoneWithDialCode,
  QUEUE_COUNT_LIMIT,
  type DataTablesParameters,
} from '@taxfirm/contract';
import type { Database } from '@taxfirm/db';
import type { StaffActor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { toCells, type BoundedPage, type ExportOptions, type SortDir } from '../../lib/paged-query.ts';

/** A list's sort (a column of its own) and the search box. */
export type Sorted<C extends string> = { sort: { column: C; dir: SortDir }; search?: string | undefined };
/** Offshore staff see only clients whose §7216 Yes is in force (ADR 019). */
export type OffshoreScope = { offshoreOnly?: boolean };

type Page = Pick<DataTablesParameters, 'start' | 'length'>;

/**
 * An inbox list counts its matches as the client queue does (ADR 034): to the first thousand past its page,
 * then "1,000+" (`more`), so that a tab of 100,000 payments costs what a tab of 1,000 does.
 */
export const INBOX_COUNT_LIMIT = QUEUE_COUNT_LIMIT;

/** A phone in its extension's format, with the country code. */
export function displayPhone(digits: string, ext: string): string {
  return isPhoneExtension(ext) ? phoneWithDialCode(digits, ext) : digits;
}

/**
 * One inbox list: `find` reads a page and audits the read (`action`, with `subjectOf` the filters' subject),
 * `csvRows` reads every matching row as the cells under `csvHeader`.
 */
export function defineInboxList<F, R>(spec: {
  list: {
    page: (db: Database, filters: F, page: Page) => Promise<BoundedPage<R>>;
    all: (db: Database, filters: F, options?: ExportOptions<R>) => AsyncIterable<R>;
  };
  action: string;
  subjectOf?: (filters: F) => string;
  csvHeader: string[];
  idOf: (row: R) => string;
  cellsOf: (row: R) => CsvCell[];
}) {
  return {
    async find(db: Database, actor: StaffActor, filters: F, page: Page): Promise<BoundedPage<R>> {
      const result = await spec.list.page(db, filters, page);
      await audit(db, { actor, action: spec.action, subject: spec.subjectOf?.(filters) ?? null });
      return result;
    },
    csvHeader: spec.csvHeader,
    csvRows(db: Database, filters: F, batch?: number): AsyncIterable<CsvCell[]> {
      return toCells(spec.list.all(db, filters, { idOf: spec.idOf, batch }), spec.cellsOf);
    },
  };
}
