import { createServer } from 'node:net';
import { emailOutbox, eq, sql } from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { backoffMs } from './mail.worker.ts';
import { enqueueEmail } from './outbox.ts';

/** A port with nothing listening on it (taken, then released). */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let t: TestApp;
let port: number;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'portal@firm.test', pollMs: 60_000 },
  });
});
afterAll(async () => {
  await t.close();
});

const registration = registrationBody({
  email: 'meera@example.com',
  password: 'a long enough password',
  first: 'Meera',
  last: 'Iyer',
  phone: '(469)-555-0100',
});

describe('the outbox and its worker', () => {
  it('keeps a registration and its e-mail while the mail server is down, and delivers once it is back', async () => {
    const res = await t.post('/api/login/register', registration);
    expect(res.statusCode).toBe(200);
    await t.app.mail.wake();
    const [waiting] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'meera@example.com'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toBeTruthy();
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const smtp = await startSmtpServer(port);
    try {
      // The retry falls due (instead of waiting out the 30 s backoff in a test).
      await t.database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(emailOutbox.id, waiting?.id ?? ''));
      await t.app.mail.wake();
      const [sent] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, waiting?.id ?? ''));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['meera@example.com']);
      expect(smtp.received[0]?.raw).toMatch(
        /http:\/\/localhost:3000\/accountverifyuser\?tokenId=[\w-]+&verifytoken=[\w-]+/,
      );
      // Delivered once: another pass sends nothing more.
      await t.app.mail.wake();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('is woken by the commit of any e-mail (migration 0014), with no wake-up call and long before its poll', async () => {
    const smtp = await startSmtpServer(port);
    try {
      // Written as any service writes it, in a transaction that nobody follows with mail.wake().
      await t.database.db.transaction(async (tx) => {
        await enqueueEmail(tx, 'woken@example.com', {
          subject: 'Woken',
          text: 'By the commit.',
          html: '<p>x</p>',
        });
      });
      // The worker polls once a minute here: only the NOTIFY at commit can deliver it within seconds.
      await expect
        .poll(() => smtp.received.some((mail) => mail.to.includes('woken@example.com')), { timeout: 10_000 })
        .toBe(true);
      // A rolled-back e-mail is never sent.
      await t.database.db
        .transaction(async (tx) => {
          await enqueueEmail(tx, 'never@example.com', {
            subject: 'Never',
            text: 'Rolled back.',
            html: '<p>x</p>',
          });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await t.app.mail.wake();
      expect(smtp.received.some((mail) => mail.to.includes('never@example.com'))).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });
});
