import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { ofClient } from './filing-columns.ts';
import { clients, users } from './accounts.ts';
import { documents } from './documents.ts';

/** Where a conversation stands for the firm: open, waiting on the client, or done. */
export const messageThreadStatus = pgEnum('message_thread_status', ['open', 'waiting', 'done']);
export const messageAuthorKind = pgEnum('message_author_kind', ['client', 'staff']);

/**
 * The one conversation between a client and the firm (tax year is a filter on its messages, not a wall).
 * Made at the first message of either side. Who answers it follows the file's analyst: there is no owner here.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    ...id,
    clientId: uuid()
      .notNull()
      .unique()
      .references(() => clients.id, { onDelete: 'cascade' }),
    status: messageThreadStatus().notNull().default('open'),
    /** The newest message the client can see (the inbox's order after "unread first"). */
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The client's messages no staff member has read yet (the inbox's "unread first" and its badge). Kept by
     * triggers on `messages` (migration 0022): every insert, read and deletion recounts the threads it touched.
     */
    unreadCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('message_threads_last_idx').on(t.lastMessageAt),
    // The inbox's order: unread first, then the newest.
    index('message_threads_inbox_idx').on(
      sql`(${t.unreadCount} > 0) desc`,
      t.lastMessageAt.desc().nullsFirst(),
      t.id,
    ),
  ],
);

/**
 * A message: from the client, from staff, or a staff member's internal note (`internal`: never in a client
 * answer or e-mail). Plain text only; the web shows it as text and makes its links safe.
 */
export const messages = pgTable(
  'messages',
  {
    ...id,
    threadId: uuid()
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    /** The thread's client, repeated so that every client-scoped query filters on it directly. */
    ...ofClient(),
    /** The tax year the message was written about (the filter; the retention rule counts from its end). */
    taxYear: integer().notNull(),
    authorKind: messageAuthorKind().notNull(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    internal: boolean().notNull().default(false),
    body: text().notNull(),
    /**
     * When the other side first read it, and who: the client for a staff message, the first staff member for a
     * client's message. Null for an internal note.
     */
    readAt: timestamp({ withTimezone: true }),
    readBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_created_idx').on(t.threadId, t.createdAt),
    index('messages_client_unread_idx').on(t.clientId, t.authorKind, t.readAt),
    // The queue's "unattended": the firm's recent messages to clients (internal notes are not).
    index('messages_staff_sent_idx')
      .on(t.createdAt, t.clientId, t.taxYear)
      .where(sql`${t.authorKind} = 'staff' and not ${t.internal}`),
  ],
);

/** A file attached to a message: stored and sealed like a document; staff may file a copy into the documents. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    ...id,
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    ...ofClient(),
    /** The client's file name, for display only; never part of a storage key or path. */
    originalName: text().notNull(),
    size: integer().notNull(),
    /** Detected from the content, not declared by the browser. */
    contentType: text().notNull(),
    storageKey: text().notNull().unique(),
    sha256: text().notNull(),
    /** The document staff filed a copy of this attachment as (documents or a checklist item). */
    filedDocumentId: uuid().references(() => documents.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/** An answer staff reuse in a thread; admins edit the list. */
export const cannedReplies = pgTable('canned_replies', {
  ...id,
  title: text().notNull().unique(),
  body: text().notNull(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const staffActivityKind = pgEnum('staff_activity_kind', [
  'message',
  'upload',
  'payment',
  'signature',
  'answer',
]);

/**
 * What a client did that their analyst should hear about (wrote, uploaded, paid, signed, answered a checklist
 * item): the console home's activity feed and the daily digest. Says what happened, never the content.
 */
export const staffActivity = pgTable(
  'staff_activity',
  {
    ...id,
    ...ofClient(),
    taxYear: integer().notNull(),
    kind: staffActivityKind().notNull(),
    /** "Sent a message with 1 attachment", "Uploaded 2 files for W-2 (Acme)", "Paid $350.00". */
    summary: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_activity_created_idx').on(t.createdAt),
    index('staff_activity_client_idx').on(t.clientId, t.taxYear, t.createdAt),
  ],
);
