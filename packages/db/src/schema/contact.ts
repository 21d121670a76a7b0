import { index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';

/** Where staff stand with a contact message (staff inbox). */
export const contactStatus = pgEnum('contact_status', ['new', 'follow up', 'registered', 'no response']);

/** Messages sent from the public Contact Us form, for the staff inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    ...id,
    name: text().notNull(),
    email: text().notNull(),
    /** Ten digits, without the mask. */
    phone: text().notNull(),
    phoneExt: text().notNull(),
    message: text().notNull(),
    status: contactStatus().notNull().default('new'),
    ...timestamps,
  },
  // The staff inbox lists messages by status, newest first.
  (t) => [
    index('contact_messages_status_created_idx').on(t.status, t.createdAt),
    // The inbox's contact tab (and its export), newest first, whatever the status.
    index('contact_messages_created_idx').on(t.createdAt, t.id),
  ],
);
