/**
 * My work (issue 35) is derived from the data on every read; the one thing it stores is a person's decision to
 * put an item aside until a day.
 */
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
