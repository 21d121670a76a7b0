/**
 * Bulk actions (issue 36): a job over a selection of files, and its files. A file's row is claimed and done in
 * one transaction with the action itself (`FOR UPDATE SKIP LOCKED`), so a job interrupted anywhere resumes where
 * it stopped, no file is done twice, and two instances never work the same file.
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients, users } from './accounts.ts';
import { filings } from './filings.ts';

export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Made by the browser per confirmation: the same request sent again is the same job. */
    requestId: uuid().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer().notNull(),
    /** The action, as the call took it (`BulkAction`). */
    action: jsonb().notNull(),
    /** The action in words, as the confirmation said it. */
    summary: text().notNull(),
    total: integer().notNull(),
    /** Where the request came from: each file's audit row names it, as the single-file call's would. */
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_jobs_request_idx').on(t.createdBy, t.requestId),
    index('bulk_jobs_created_by_idx').on(t.createdBy, t.createdAt),
    index('bulk_jobs_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.finishedAt} is null`),
  ],
);

export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    jobId: uuid()
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    /** The file's place in the selection (round-robin assigns in this order). */
    position: integer().notNull(),
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Null while pending; then 'done', 'skipped' (the rules said no) or 'failed'. */
    outcome: text(),
    reason: text(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.position] }),
    // The pending files of a job, in order: what a pass claims.
    index('bulk_job_items_pending_idx')
      .on(t.jobId, t.position)
      .where(sql`${t.outcome} is null`),
    index('bulk_job_items_filing_idx').on(t.filingId),
    index('bulk_job_items_client_idx').on(t.clientId),
  ],
);
