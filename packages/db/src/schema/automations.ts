/**
 * Status automations (issue 36): an admin's rule "when a file's federal return enters status X (optionally: only
 * India-linked files), do A", and each time a rule fires on a file. A run is written by the database in the
 * transaction that records the status change (a trigger on `filing_status_history`, migration 0038), once per
 * rule per entry into the status, and done afterwards by the runner, one run per transaction.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients, users } from './accounts.ts';
import { fileStatus, filings, filingStatusHistory } from './filings.ts';

export const automationRules = pgTable('automation_rules', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** The federal return's status whose entry fires the rule. */
  status: fileStatus().notNull(),
  /** Only files with an India tie (an Indian return or an FBAR among the file's deliverables). */
  indiaOnly: boolean().notNull().default(false),
  /** What is done (`AutomationAction`). */
  action: jsonb().notNull(),
  /** The action in words, as the list shows it. */
  summary: text().notNull(),
  /** A paused rule fires on nothing (entries while paused are not caught up later). */
  paused: boolean().notNull().default(true),
  /** Round-robin assignment: the next turn among the chosen staff. */
  nextTurn: integer().notNull().default(0),
  /**
   * The admin who last saved or resumed the rule: its actions are done with their rights, as they are then.
   * Null once their account is gone: the rule stays, its runs skipped until an admin saves or resumes it.
   */
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    ruleId: uuid()
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    /** The entry into the status that fired the rule: one run per rule per entry. */
    historyId: uuid()
      .notNull()
      .references(() => filingStatusHistory.id, { onDelete: 'cascade' }),
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Null while pending; then 'done', 'skipped' (the rules said no) or 'failed'. */
    outcome: text(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_runs_entry_idx').on(t.ruleId, t.historyId),
    index('automation_runs_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.outcome} is null`),
    index('automation_runs_filing_idx').on(t.filingId),
    index('automation_runs_client_idx').on(t.clientId),
  ],
);
