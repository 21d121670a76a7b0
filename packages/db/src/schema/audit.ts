import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('audit_log_client_created_idx').on(t.clientId, t.createdAt)],
);
