import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { ofClient } from './filing-columns.ts';
import { users } from './accounts.ts';
import { fileStatus } from './filings.ts';

export const notificationKind = pgEnum('notification_kind', ['status', 'summary', 'payment', 'message']);

/** What the portal's bell shows a client: the same events that were e-mailed to them. */
export const notifications = pgTable(
  'notifications',
  {
    ...id,
    ...ofClient(),
    kind: notificationKind().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_client_created_idx').on(t.clientId, t.createdAt)],
);

/**
 * An admin's wording of the e-mail a client gets when their filing moves to a status. Statuses without a
 * row use the built-in wording.
 */
export const statusEmailTemplates = pgTable('status_email_templates', {
  status: fileStatus().primaryKey(),
  subject: text().notNull(),
  body: text().notNull(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});
