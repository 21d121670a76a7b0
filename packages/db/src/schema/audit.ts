import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../columns.ts';
import { clients, users } from './accounts.ts';

/** Who did what to which client's data, when and from where (append-only; never the values). */
export const auditLog = pgTable(
  'audit_log',
  {
    ...id,
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    /** What the action touched, e.g. "taxpayer", "dependents", "spouse.ssn". */
    subject: text(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The order rows were written in. Two events can share a timestamp (one transaction, or the embedded
     * database's millisecond clock), and a random id says nothing of which came first.
     */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('audit_log_client_created_idx').on(t.clientId, t.createdAt),
    // The log's order (newest first) and its date filters.
    index('audit_log_created_idx').on(t.createdAt, t.seq),
    // The "one staff member" filter, newest first.
    index('audit_log_actor_created_idx').on(t.actorUserId, t.createdAt, t.seq),
    // The log's search box (ILIKE '%term%') on the action and the subject: trigrams.
    index('audit_log_action_trgm_idx').using('gin', sql`${t.action} gin_trgm_ops`),
    index('audit_log_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
  ],
);
