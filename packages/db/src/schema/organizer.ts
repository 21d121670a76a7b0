/**
 * The year's organizer (issue 37): the firm's versions of its questions, and each file's answers. Answers are
 * sealed as one value (amounts, the PAN, every word the client wrote), under a context bound to the row; what
 * the queues and the deliverables need is kept beside them in the clear and says nothing of the amounts.
 */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients, users } from './accounts.ts';
import { filings } from './filings.ts';

export const organizerState = pgEnum('organizer_state', ['not_started', 'in_progress', 'sent']);

/** The firm's changes to the built-in organizer of a year, each save a new version (the first is 1). */
export const organizerDefinitions = pgTable(
  'organizer_definitions',
  {
    id: uuid().primaryKey().defaultRandom(),
    taxYear: integer().notNull(),
    version: integer().notNull(),
    /** The whole definition as clients were asked (`OrganizerDefinition`), so old answers read as given. */
    definition: jsonb().notNull(),
    /** The firm's changes it was made from (`FirmChanges`). */
    changes: jsonb().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizer_definitions_year_version_idx').on(t.taxYear, t.version)],
);

export const organizerAnswers = pgTable(
  'organizer_answers',
  {
    id: uuid().primaryKey().defaultRandom(),
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    taxYear: integer().notNull(),
    /** The definition the answers were given to (0: the built-in one). */
    definitionVersion: integer().notNull().default(0),
    /** The answers (JSON), sealed under `organizerContext(client, row)`; null before the first save. */
    answersSealed: text(),
    state: organizerState().notNull().default('not_started'),
    progressDone: integer().notNull().default(0),
    progressTotal: integer().notNull().default(0),
    /** Deliverable kinds the answers suggest (`fbar`, `itr`), for staff to confirm. */
    suggestedKinds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * When staff last asked the client to fill it in; the reminders follow the checklist's schedule from
     * then, counted as on checklist items, until it is sent.
     */
    requestedAt: timestamp({ withTimezone: true }),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizer_answers_filing_idx').on(t.filingId)],
);
