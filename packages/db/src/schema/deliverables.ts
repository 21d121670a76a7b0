/**
 * What the firm files for a client's tax year besides the federal return (issue 35): state returns, the FBAR,
 * the extension, an amended return, the Indian return, other. The federal return is the filing itself.
 */
import { ADDED_DELIVERABLE_KINDS, DELIVERABLE_STATUSES } from '@taxfirm/contract';
import { boolean, date, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { users } from './accounts.ts';
import { filings } from './filings.ts';

export const deliverableKind = pgEnum('deliverable_kind', ADDED_DELIVERABLE_KINDS);
export const deliverableStatus = pgEnum('deliverable_status', DELIVERABLE_STATUSES);

export const deliverables = pgTable(
  'deliverables',
  {
    ...id,
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    kind: deliverableKind().notNull(),
    /** The state's name, or what an "other" deliverable is. */
    label: text(),
    /** The staff member who owns it; null when nobody does yet. */
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: deliverableStatus().notNull().default('not_started'),
    /** An extension recorded (federal-style kinds): the rule's date moves to October 15. */
    extended: boolean().notNull().default(false),
    /** A date staff gave instead of the rule's, with its reason. */
    dueOn: date({ mode: 'string' }),
    dueReason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // A file's deliverables, with what its next due date is worked out from (status, kind, extension, date):
    // the trigger that keeps `filings.next_due_on` reads them from the index alone, one probe per write.
    index('deliverables_filing_next_due_idx').on(t.filingId, t.status, t.kind, t.extended, t.dueOn),
    // The queue's "with a deliverable of kind K": that kind's open ones, from the index alone.
    index('deliverables_kind_idx').on(t.kind, t.status, t.filingId),
    // My work and the queues: an owner's deliverables.
    index('deliverables_owner_idx').on(t.ownerId),
  ],
);

/**
 * The due-date rule (`dueDateOf`) as rows, for the database's own use: the trigger that keeps a filing's next
 * due date (`filings.next_due_on`, migration 0047) reads a kind's date here. One row per kind with a rule, tax
 * year (2000-2100, the years the contract accepts) and extension; written by migrations from `dueDateOf`, and
 * `deliverables/next-due.test.ts` checks every row against it (a change to the rule needs a migration that rewrites
 * them and then every filing's date, as 0047's backfill does). Read-only to the app's role.
 */
export const dueRules = pgTable(
  'due_rules',
  {
    /** A deliverable kind, `federal` included. */
    kind: text().notNull(),
    taxYear: integer().notNull(),
    extended: boolean().notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.taxYear, t.extended] })],
);
