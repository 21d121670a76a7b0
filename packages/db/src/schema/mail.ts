import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../columns.ts';

export const emailStatus = pgEnum('email_status', ['pending', 'sent', 'failed']);

/** Each committed insert into the outbox notifies this channel (migration 0014); the mail worker listens. */
export const EMAIL_OUTBOX_CHANNEL = 'email_outbox_pending';

/** The durable outbox: written in the transaction that causes the e-mail, delivered by the mail worker. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    ...id,
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /**
     * The one-time link the message carries (verify, reset, set-up), sealed by the server's keyring; the bodies
     * hold only a placeholder, and the worker renders the link at send time. Null once sent (F-03).
     */
    secret: text(),
    /**
     * A document the worker attaches at send time, made from the database then (never stored here):
     * `receipt:<payment id>` (issue 20).
     */
    attachment: text(),
    status: emailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
