/**
 * The durable outbox: an e-mail is a row written in the same transaction as the change that causes it, so it
 * is sent if and only if that change is kept. The mail worker (mail.worker.ts) delivers it.
 */
import { desc, emailOutbox, type Database } from '@taxfirm/db';
import type { Email } from './templates.ts';

/** A transaction or the database: anything Drizzle can insert with. */
type Writer = Pick<Database, 'insert'>;

export async function enqueueEmail(db: Writer, to: string, message: Email): Promise<void> {
  await db.insert(emailOutbox).values({ to, ...message });
}

/** The latest e-mails, newest first (the development outbox page). */
export function latestEmails(db: Database, limit: number) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
