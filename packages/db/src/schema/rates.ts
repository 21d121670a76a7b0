/**
 * Year-end exchange rates (issue 37): units of a currency per US dollar on 31 December, as the Treasury's
 * Reporting Rates of Exchange give them; FBAR and Form 8938 values are converted at these. Seeded for the
 * years the portal serves and kept by admins, each with its source.
 */
import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text().notNull(),
    year: integer().notNull(),
    unitsPerUsd: numeric({ precision: 14, scale: 6 }).notNull(),
    source: text().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.currency, t.year] })],
);
