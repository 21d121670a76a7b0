/**
 * Delivers the outbox. Each pass claims due messages with FOR UPDATE SKIP LOCKED (so several instances never
 * send one twice), sends them, and on failure retries with exponential backoff (30 s, 1 min, 2 min, ... at
 * most an hour), giving up after 10 attempts. Nothing is lost while the mail server is down.
 * Without SMTP (outside production only) messages are written to the log instead and stay readable at /dev/mail.
 */
import { emailOutbox, eq, sql, type Database } from '@taxfirm/db';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

const BATCH = 10;
const MAX_ATTEMPTS = 10;
/** A claimed message is retried after this lease if its sender died mid-send. */
const LEASE_MS = 5 * 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export type MailWorker = {
  /** Run a pass now (after a new message is written); resolves when the pass is done. */
  wake: () => Promise<void>;
  stop: () => Promise<void>;
};

type ClaimedRow = { id: string; to: string; subject: string; text: string; html: string; attempts: number };

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

export function startMailWorker({
  db,
  transport,
  from,
  log,
  pollMs = 5_000,
}: {
  db: Database;
  /** null: log the messages instead of sending them (development without SMTP_URL). */
  transport: Transporter | null;
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
}): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const claim = async (): Promise<ClaimedRow[]> => {
    const result = await db.execute(sql`
      update ${emailOutbox}
      set next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by created_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, "to", subject, text, html, attempts`);
    return (result as unknown as { rows: ClaimedRow[] }).rows;
  };

  const deliver = async (row: ClaimedRow) => {
    try {
      if (transport) {
        await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      } else {
        log.info(
          { mailTo: row.to, subject: row.subject, text: row.text },
          'e-mail (no SMTP_URL: not sent, see /dev/mail)',
        );
      }
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 300) : 'send failed';
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message,
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
        })
        .where(eq(emailOutbox.id, row.id));
      log.warn(
        { outboxId: row.id, attempts: row.attempts, giveUp, reason: message },
        'e-mail delivery failed',
      );
    }
  };

  const pass = async () => {
    do {
      again = false;
      let rows: ClaimedRow[];
      do {
        rows = await claim();
        for (const row of rows) await deliver(row);
      } while (rows.length === BATCH && !stopped);
    } while (again && !stopped);
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
