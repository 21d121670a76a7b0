/**
 * The durable outbox: an e-mail is a row written in the same transaction as the change that causes it, so it
 * is sent if and only if that change is kept. The mail worker (mail.worker.ts) delivers it.
 *
 * A one-time link (verification, reset, staff set-up) is never stored as it is (F-03): the bodies hold a
 * placeholder, `secret` holds the link sealed with the server's keyring, and the worker renders the link only
 * when it sends the e-mail, then forgets it.
 */
import { desc, emailOutbox, type Database } from '@taxfirm/db';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { escapeHtml, type Email } from './templates.ts';

/** A transaction or the database: anything Drizzle can insert with. */
type Writer = Pick<Database, 'insert'>;

/** Stands for the sealed link in the stored bodies (survives HTML escaping unchanged). */
export const SECRET_LINK_PLACEHOLDER = '{{secret-link}}';
/** The keyring context of a sealed link: it opens as nothing else. */
export const LINK_CONTEXT = 'email-outbox-link';

/**
 * A file the worker renders and attaches when it sends the e-mail (never stored in the outbox):
 * 'receipt:<payments.id>', the receipt PDF of that payment.
 */
export type AttachmentRef = `receipt:${string}`;

/** What the mail worker attaches for a reference; null when there is nothing (any more) to attach. */
export type AttachmentResolver = (
  ref: string,
) => Promise<{ filename: string; content: Buffer; contentType: string } | null>;

/** The one-time link an e-mail carries, and the keyring that seals it until the e-mail is sent. */
export type SecretLink = { url: string; keyring: Keyring };

/**
 * Queue an e-mail. With `secretLink`, every occurrence of its URL in the message is replaced by the
 * placeholder and the URL is stored sealed. With `attachment`, the worker attaches that file at send time.
 */
export async function enqueueEmail(
  db: Writer,
  to: string,
  message: Email & { attachment?: AttachmentRef | null },
  secretLink?: SecretLink,
): Promise<void> {
  const { attachment = null } = message;
  if (!secretLink) {
    await db
      .insert(emailOutbox)
      .values({ to, subject: message.subject, text: message.text, html: message.html, attachment });
    return;
  }
  const { url, keyring } = secretLink;
  const text = message.text.replaceAll(url, SECRET_LINK_PLACEHOLDER);
  const html = message.html.replaceAll(escapeHtml(url), SECRET_LINK_PLACEHOLDER);
  // Fail closed: a template that wrote the link some other way would store it in the clear.
  if (!text.includes(SECRET_LINK_PLACEHOLDER) || text.includes(url) || html.includes(url)) {
    throw new Error('enqueueEmail: the secret link is not where the message shows it');
  }
  const secret = keyring.seal(Buffer.from(url, 'utf8'), LINK_CONTEXT);
  await db.insert(emailOutbox).values({ to, subject: message.subject, text, html, secret, attachment });
}

/** The bodies as they are sent: the sealed link opened into the placeholder (throws if it cannot be opened). */
export function renderEmail(
  row: { text: string; html: string; secret: string | null },
  keyring: Keyring,
): { text: string; html: string } {
  if (!row.secret) return { text: row.text, html: row.html };
  const url = keyring.open(row.secret, LINK_CONTEXT).toString('utf8');
  return {
    text: row.text.replaceAll(SECRET_LINK_PLACEHOLDER, url),
    html: row.html.replaceAll(SECRET_LINK_PLACEHOLDER, escapeHtml(url)),
  };
}

/** The latest e-mails, newest first (the development outbox page). */
export function latestEmails(db: Database, limit: number) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
