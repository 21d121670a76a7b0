/**
 * My work (issue 35, ADR 026): the items are derived from the data by the work module's rules. What is stored:
 * a person's decision to put an item aside until a day, and the rules' result per file (`work_candidates`),
 * worked out again for every file whose data changed (`work_stale`, written by triggers, migration 0031).
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { filings } from './filings.ts';

/**
 * An item of My work snoozed until a day (it is listed again that day), with a note. The item is named by its
 * key (`<kind>:<id>`); the snooze goes with its filing.
 */
export const workSnoozes = pgTable(
  'work_snoozes',
  {
    itemKey: text().primaryKey(),
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    until: date({ mode: 'string' }).notNull(),
    note: text(),
    snoozedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_snoozes_filing_idx').on(t.filingId)],
);

/**
 * Every item My work's rules find in a file's data, with its dates: whether it shows today is decided when it is
 * read (past due, idle long enough, due within the horizon), so a row stays right as the days pass. The rows of a
 * file are replaced whenever `work_stale` names it; nothing else writes them.
 */
export const workCandidates = pgTable(
  'work_candidates',
  {
    /** `<kind>:<source>`, the item's key (a snooze names it); a client's messages are an item of each year. */
    key: text().notNull(),
    kind: text().notNull(),
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    taxYear: integer().notNull(),
    /** The file's analyst (who may work it), and whose work the item is (a deliverable's may differ). */
    analystId: uuid(),
    personId: uuid(),
    at: timestamp({ withTimezone: true }),
    due: date({ mode: 'string' }),
    /** Oldest first: when it happened, else its due day. */
    sortAt: timestamp({ withTimezone: true }).notNull(),
    /** The file's status (an idle file's threshold is its status's). */
    fileStatus: text().notNull(),
    title: text(),
    amount: integer(),
    currency: text(),
    target: text(),
  },
  (t) => {
    // After each index's order, every column a count or a page needs to decide what shows: read from the index
    // alone. (Each column is short: no title or note.)
    const covered = [t.at, t.due, t.fileStatus, t.analystId, t.filingId] as const;
    return [
      primaryKey({ columns: [t.taxYear, t.key] }),
      // A person's items oldest first.
      index('work_candidates_person_idx').on(t.taxYear, t.personId, t.sortAt, t.key, t.kind, ...covered),
      // The unassigned list (no person): the same, in order (`person_id is null` is no equality to sort by).
      index('work_candidates_unassigned_idx')
        .on(t.taxYear, t.sortAt, t.key, t.kind, ...covered)
        .where(sql`${t.personId} is null`),
      // A person's items of one kind, oldest first: My work counts each kind up to a bound (ADR 034), reading
      // at most that many entries of the kind, and lists one kind in its order.
      index('work_candidates_person_kind_idx').on(t.taxYear, t.personId, t.kind, t.sortAt, t.key, ...covered),
      // The same for the unassigned items.
      index('work_candidates_unassigned_kind_idx')
        .on(t.taxYear, t.kind, t.sortAt, t.key, ...covered)
        .where(sql`${t.personId} is null`),
      index('work_candidates_filing_idx').on(t.filingId),
    ];
  },
);

/**
 * Files whose data changed since My work last read them: a row per changing statement and file, appended by the
 * triggers of every table a rule reads, consumed by the next read (which works those files' candidates out again).
 */
export const workStale = pgTable('work_stale', {
  filingId: uuid().notNull(),
});
