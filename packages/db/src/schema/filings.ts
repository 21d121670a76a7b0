/** The filing (one client's return for one tax year), its status history, and staff notes on the file. */
import { FILE_STATUSES } from '@taxfirm/contract';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { clients, users } from './accounts.ts';

export const fileStatus = pgEnum('file_status', FILE_STATUSES);

/** One tax year's return for a client, moving through the firm's statuses. */
export const filings = pgTable(
  'filings',
  {
    ...id,
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    taxYear: integer().notNull(),
    status: fileStatus().notNull().default('To Be Assigned'),
    /** The analyst working this filing; null while it waits in To Be Assigned. */
    assignedTo: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * The filing is the federal return (issue 35): an extension recorded moves its due date to October 15;
     * `dueOn` is a date staff gave instead of the rule's, with `dueReason`.
     */
    extended: boolean().notNull().default(false),
    dueOn: date({ mode: 'string' }),
    dueReason: text(),
    /** When the filing entered its status (`recordStatusChange`): how long it has sat there. */
    statusSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The file's next due date: the earliest date in force among what is still to file, the federal return
     * and its deliverables (staff's date, or else the rule's from `due_rules`); null when all is filed or
     * undated. Kept by the database (migration 0047): every write of the filing's status, tax year, extension or date,
     * and every write of its deliverables, works it out again; a value written here is replaced.
     */
    nextDueOn: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('filings_client_year_idx').on(t.clientId, t.taxYear),
    // A tax year's filings by status, with what the federal return's date in force is worked out from: the
    // queue's counts by status from the index alone (no heap).
    index('filings_year_status_due_idx').on(t.taxYear, t.status, t.extended, t.dueOn, t.id),
    // An analyst's queues: their filings of a tax year.
    index('filings_year_assigned_idx').on(t.taxYear, t.assignedTo),
    // The work queue's default order: a tax year's filings by last update (read backwards for newest first).
    index('filings_year_updated_idx').on(t.taxYear, t.updatedAt, t.id),
    // The queue by next due, the year's and an analyst's (read backwards when descending: nulls first).
    index('filings_year_next_due_idx').on(t.taxYear, t.nextDueOn, t.id),
    index('filings_year_assigned_next_due_idx').on(t.taxYear, t.assignedTo, t.nextDueOn, t.id),
    // The queue by days in status.
    index('filings_year_status_since_idx').on(t.taxYear, t.statusSince, t.id),
  ],
);

/** Every status a filing has had, with who moved it and why (append-only). */
export const filingStatusHistory = pgTable(
  'filing_status_history',
  {
    ...id,
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    fromStatus: fileStatus(),
    toStatus: fileStatus().notNull(),
    comment: text(),
    /** The staff member; null for the system (e.g. at registration). */
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('filing_status_history_filing_idx').on(t.filingId, t.createdAt)],
);

/** Staff's internal notes on a client's file; never shown to the client. Append-only. */
export const clientNotes = pgTable(
  'client_notes',
  {
    ...id,
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_notes_client_created_idx').on(t.clientId, t.createdAt)],
);
