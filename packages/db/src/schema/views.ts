/**
 * Saved views of the work queues (issue 36): a queue's filters and order under a name, the author's own or
 * shared with the firm (made and changed by admins).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shared: boolean().notNull().default(false),
    /** The queue's filters and order (`SavedViewQuery`). */
    query: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_views_owner_idx').on(t.ownerId),
    // One name per author among their own views, and one per name among the shared ones.
    uniqueIndex('saved_views_own_name_idx')
      .on(t.ownerId, sql`lower(${t.name})`)
      .where(sql`not ${t.shared}`),
    uniqueIndex('saved_views_shared_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.shared}`),
  ],
);
