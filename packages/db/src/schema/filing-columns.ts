/**
 * The columns that tie a row to its client and to one of the client's filings, spread into the tables that
 * hang off a filing. Functions: each table needs column objects of its own.
 */
import { uuid } from 'drizzle-orm/pg-core';
import { clients } from './accounts.ts';
import { filings } from './filings.ts';

/** The client a row belongs to, removed with the client. */
export function ofClient() {
  return {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  };
}

/**
 * The filing a row belongs to, and its client repeated so that every client-scoped query filters on it
 * directly; both removed with the filing or the client.
 */
export function ofFiling() {
  return {
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    ...ofClient(),
  };
}

/**
 * The client and filing of a money record (an invoice, a payment), which outlives nothing it refers to by
 * accident: deleting its client or filing is refused.
 */
export function billedTo() {
  return {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    filingId: uuid()
      .notNull()
      .references(() => filings.id, { onDelete: 'restrict' }),
  };
}
