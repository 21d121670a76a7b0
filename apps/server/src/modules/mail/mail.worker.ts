/**
 * Delivers the outbox. Each step claims the oldest due message with FOR UPDATE SKIP LOCKED and a lease (so
 * several instances never send one twice), renders its sealed link (outbox.ts), sends it, and on failure
 * retries with exponential backoff (30 s, 1 min, 2 min, ... at most an hour), giving up after 10 attempts.
 * Nothing is lost while the mail server is down.
 *
 * Exactly once under a slow mail server: a message is claimed only just before it is sent (never in a batch
 * that waits its turn), and a send is aborted well before its lease ends (the transport's timeouts and a
 * deadline of half the lease), so no other worker can claim a message that is still being sent.
 *
 * Once sent, a message's sealed link is forgotten; sent and given-up messages are deleted after the retention
 * period (MAIL_RETENTION_DAYS). Without SMTP (outside production only) the log says an e-mail was queued (never
 * its body) and /dev/mail shows it.
 */
import { emailOutbox, eq, sql, type Database } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, SentMessageInfo, Transporter } from 'nodemailer';
import type { Keyring } from '../../lib/crypto/keyring.ts';
import { lazyImport } from '../../lib/lazy-import.ts';
import { renderEmail, type AttachmentResolver } from './outbox.ts';

const MAX_ATTEMPTS = 10;
/** A claimed message is retried after this lease if its sender died mid-send. */
export const LEASE_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export type MailWorker = {
  /** Run a pass now (after a new message is written); resolves when the pass is done. */
  wake: () => Promise<void>;
  stop: () => Promise<void>;
};

type ClaimedRow = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  secret: string | null;
  attachment: string | null;
  attempts: number;
};

/**
 * The SMTP timeouts for a lease: each waiting step (DNS, connection, greeting, every reply) ends well within
 * it, so even a mail server that stalls at every step cannot hold a message past its lease.
 */
export function smtpTimeouts(leaseMs: number) {
  const step = Math.max(1_000, Math.min(30_000, Math.floor(leaseMs / 12)));
  return { dnsTimeout: step, connectionTimeout: step, greetingTimeout: step, socketTimeout: step };
}

/** What the worker needs of an SMTP transport (nodemailer's Transporter, opened at the first message). */
export type MailTransport = {
  sendMail: (message: SendMailOptions) => Promise<SentMessageInfo>;
  close: () => void;
};

/** nodemailer, loaded when the first message is sent (about 15 MB an instance that sends nothing never needs). */
const loadNodemailer = lazyImport(() => import('nodemailer'));

/**
 * The SMTP transport. `requireTls`: a plain smtp:// connection must upgrade with STARTTLS or fail (production,
 * F-18); smtps:// is TLS from the start. nodemailer and its transporter are made at the first sendMail.
 */
export function createTransport(
  smtpUrl: string,
  { requireTls = false, leaseMs = LEASE_MS }: { requireTls?: boolean; leaseMs?: number } = {},
): MailTransport {
  let opening: Promise<Transporter> | undefined;
  let closed = false;
  const open = () => {
    if (!opening) {
      opening = loadNodemailer().then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          ...smtpTimeouts(leaseMs),
          ...(requireTls ? { requireTLS: true } : {}),
        }),
      );
      // A failed load or transport is made again at the next message.
      opening.catch(() => {
        opening = undefined;
      });
    }
    return opening;
  };
  return {
    async sendMail(message) {
      if (closed) throw new Error('the mail transport is closed');
      return (await open()).sendMail(message);
    },
    close() {
      closed = true;
      void opening?.then((transporter) => transporter.close()).catch(() => undefined);
    },
  };
}

/** "m•••@example.com": enough to tell e-mails apart in the log, not a list of clients' addresses. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

export function startMailWorker({
  db,
  transport,
  keyring,
  from,
  log,
  pollMs = 5_000,
  leaseMs = LEASE_MS,
  retentionDays = 30,
  purgeEveryMs = 60 * 60_000,
  attachments,
}: {
  db: Database;
  /** null: keep the messages for /dev/mail instead of sending them (development without SMTP_URL). */
  transport: MailTransport | null;
  /** Opens the sealed links of the messages (the server's keyring). */
  keyring: Keyring;
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  leaseMs?: number;
  /** Sent and given-up messages older than this are deleted. */
  retentionDays?: number;
  /** How often that clean-up runs (also on the first pass). */
  purgeEveryMs?: number;
  /**
   * Renders a message's `attachment` reference (e.g. 'receipt:<payments.id>') at send time; a failure is
   * retried like a failed send, and a reference with nothing behind it sends the e-mail without it.
   */
  attachments?: AttachmentResolver;
}): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPurge = 0;

  /** The oldest due message, leased to this worker; claimed only when it is about to be sent. */
  const claim = async (): Promise<ClaimedRow | undefined> => {
    const result = await db.execute(sql`
      update ${emailOutbox}
      set next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by created_at
        limit 1
        for update skip locked
      )
      returning id, "to", subject, text, html, secret, attachment, attempts`);
    return (result as unknown as { rows: ClaimedRow[] }).rows[0];
  };

  const deliver = async (row: ClaimedRow) => {
    const mailLog = { outboxId: row.id, mailTo: maskEmail(row.to), subject: row.subject };
    try {
      if (transport) {
        const body = renderEmail(row, keyring);
        const file = row.attachment && attachments ? await attachments(row.attachment) : null;
        if (row.attachment && !file)
          log.warn({ ...mailLog, attachment: row.attachment }, 'attachment not found');
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          ...body,
          ...(file ? { attachments: [file] } : {}),
          // A hard deadline well inside the lease, whatever the mail server does.
          signal: AbortSignal.timeout(Math.floor(leaseMs / 2)),
        });
        // Sent: the link is forgotten (the bodies hold only the placeholder).
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null, secret: null })
          .where(eq(emailOutbox.id, row.id));
        log.info(mailLog, 'e-mail sent');
      } else {
        // Development without SMTP: the sealed link stays for /dev/mail until the retention period ends.
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(emailOutbox.id, row.id));
        log.info(mailLog, 'e-mail queued (no SMTP_URL: not sent, read it at /dev/mail)');
      }
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 300) : 'send failed';
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message,
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
          ...(giveUp ? { secret: null } : {}),
        })
        .where(eq(emailOutbox.id, row.id));
      log.warn({ ...mailLog, attempts: row.attempts, giveUp, reason: message }, 'e-mail delivery failed');
    }
  };

  /** Delete sent and given-up messages older than the retention period (F-03). */
  const purge = async () => {
    if (Date.now() - lastPurge < purgeEveryMs) return;
    lastPurge = Date.now();
    const cutoff = new Date(Date.now() - retentionDays * DAY_MS);
    const deleted = await db
      .delete(emailOutbox)
      .where(
        sql`(${emailOutbox.status} = 'sent' and ${emailOutbox.sentAt} < ${cutoff})
          or (${emailOutbox.status} = 'failed' and ${emailOutbox.createdAt} < ${cutoff})`,
      )
      .returning({ id: emailOutbox.id });
    if (deleted.length > 0) log.info({ count: deleted.length, retentionDays }, 'old e-mails purged');
  };

  const pass = async () => {
    do {
      again = false;
      let row: ClaimedRow | undefined;
      while (!stopped && (row = await claim())) await deliver(row);
    } while (again && !stopped);
    if (!stopped) await purge();
  };

  const wake = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, 'mail worker pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void wake(), pollMs);
  timer.unref();

  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport?.close();
    },
  };
}
