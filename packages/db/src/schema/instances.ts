import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The server processes running on this database, each announcing itself (migration 0025, security review
 * S2-11): a row from start to stop, its seen_at refreshed while it runs. apps/server/src/lib/instances.ts
 * refuses a start beyond INSTANCES, or a second instance when one counts rate limits in memory.
 */
export const serverInstances = pgTable(
  'server_instances',
  {
    id: uuid().primaryKey(),
    host: text().notNull(),
    pid: integer().notNull(),
    /** Where this instance counts rate limits: 'redis' (shared) or 'memory' (its own). */
    rateLimits: text({ enum: ['memory', 'redis'] }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('server_instances_rate_limits_check', sql`${t.rateLimits} in ('memory', 'redis')`)],
);
