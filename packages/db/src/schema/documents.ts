import { DOCUMENT_CATEGORY_NAMES } from '@taxfirm/contract';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { ofFiling } from './filing-columns.ts';
import { users } from './accounts.ts';
import { requestItems } from './requests.ts';

/** A file in object storage, as the server stored it. */
const storedFile = () => ({
  /** The client's file name, for display only; never part of a storage key or path. */
  originalName: text().notNull(),
  size: integer().notNull(),
  /** Detected from the content, not declared by the browser. */
  contentType: text().notNull(),
  /** Made by the server; the object's only name in storage. */
  storageKey: text().notNull().unique(),
  sha256: text().notNull(),
});

export const documentCategory = pgEnum('document_category', DOCUMENT_CATEGORY_NAMES);

/**
 * A document a client uploaded for a filing. The row is written only once the file is completely stored,
 * so the listing never shows half a file.
 */
export const documents = pgTable(
  'documents',
  {
    ...id,
    ...ofFiling(),
    category: documentCategory().notNull(),
    ...storedFile(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Upload order, also within one submit (whose rows share a time): the listing's order. */
    seq: integer().generatedAlwaysAsIdentity(),
    /**
     * The checklist item this file was sent for; null for a file sent through the spec's upload page (those
     * fill its six slots per category; item files do not).
     */
    requestItemId: uuid().references(() => requestItems.id, { onDelete: 'set null' }),
    /** A password-protected PDF with no unlocked copy yet. */
    locked: boolean().notNull().default(false),
    /** The unlocked copy of a password-protected PDF (what staff open); the original stays as received. */
    unlockedStorageKey: text().unique(),
  },
  (t) => [
    index('documents_client_filing_category_idx').on(t.clientId, t.filingId, t.category, t.uploadedAt),
    index('documents_request_item_idx').on(t.requestItemId),
  ],
);

/** A tax summary is drafted by staff, then published to the client; a newer one supersedes it. */
export const taxSummaryStatus = pgEnum('tax_summary_status', ['draft', 'published', 'superseded']);

/** The firm's summary of a prepared return (the spec's "synopsys"), a file for the client to review. */
export const taxSummaries = pgTable(
  'tax_summaries',
  {
    ...id,
    ...ofFiling(),
    title: text().notNull(),
    status: taxSummaryStatus().notNull().default('draft'),
    ...storedFile(),
    publishedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('tax_summaries_client_filing_idx').on(t.clientId, t.filingId, t.status)],
);
