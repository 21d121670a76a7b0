import { createServer } from 'node:net';
import { emailOutbox, eq, inArray, sql } from '@taxfirm/db';
import { createTestDatabase } from '@taxfirm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  sentText,
  signUpAndLogIn,
  staffSession,
  TEST_ENCRYPTION_KEY,
  type TestApp,
} from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { createKeyring } from '../../lib/crypto/keyring.ts';
import { backoffMs, createTransport, LEASE_MS, smtpTimeouts, startMailWorker } from './mail.worker.ts';
import { enqueueEmail, SECRET_LINK_PLACEHOLDER } from './outbox.ts';

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

  it('F-18: with requireTls (production, smtp://) refuses a mail server that cannot upgrade to TLS', async () => {
    const smtp = await startSmtpServer();
    const strict = createTransport(smtp.url, { requireTls: true });
    const plain = createTransport(smtp.url);
    try {
      const message = { from: 'portal@firm.test', to: 'tls@example.com', subject: 'TLS', text: 'x' };
      await expect(strict.sendMail(message)).rejects.toThrow(/STARTTLS/i);
      expect(smtp.received).toHaveLength(0);
      // The same server without the requirement (tests, development) receives it.
      await plain.sendMail(message);
      expect(smtp.received).toHaveLength(1);
    } finally {
      strict.close();
      plain.close();
      await smtp.close();
    }
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });
});

describe('one-time links at rest (F-03)', () => {
  it('F-03: stores no reset token in any outbox column, e-mails a working link, then forgets it', async () => {
    const email = 'sealed@example.com';
    const password = 'a long enough password';
    let smtp = await startSmtpServer(port);
    try {
      // Registered and verified with the e-mailed link (rendered at send time).
      expect((await t.post('/api/login/register', registrationBody({ email, password }))).statusCode).toBe(
        200,
      );
      await t.app.mail.wake();
      const verify = /accountverifyuser\?tokenId=([\w-]+)&verifytoken=([\w-]+)/.exec(
        smtp.received.find((m) => m.to.includes(email))?.raw ?? '',
      );
      const verified = await t.post('/api/login/cregisterverify', {
        tokenId: verify?.[1],
        verifytoken: verify?.[2],
      });
      expect(verified.statusCode, verified.body).toBe(200);
    } finally {
      await smtp.close();
    }

    // The reset e-mail waits in the outbox while the mail server is down.
    expect((await t.post('/api/login/forgot', { email })).statusCode).toBe(200);
    await t.app.mail.wake();
    const waiting = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const reset = waiting.find((row) => row.status === 'pending');
    expect(reset?.text).toContain(`Choose a new password: ${SECRET_LINK_PLACEHOLDER}`);
    expect(reset?.html).toContain(SECRET_LINK_PLACEHOLDER);
    expect(reset?.secret).toMatch(/^v1\.[0-9a-f]{12}\./);
    expect(JSON.stringify(waiting)).not.toContain('newpasswordlink');

    smtp = await startSmtpServer(port);
    try {
      await t.database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(emailOutbox.id, reset?.id ?? ''));
      await t.app.mail.wake();
      const link = /newpasswordlink\?tokenId=([\w-]+)&userid=([\w-]+)/.exec(
        smtp.received.find((m) => m.to.includes(email) && m.raw.includes('newpasswordlink'))?.raw ?? '',
      );
      const token = link?.[1] ?? '';
      expect(token).toHaveLength(43);
      // No column held the token, before or after sending; once sent, the sealed link is gone too.
      expect(JSON.stringify(waiting)).not.toContain(token);
      const [sent] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, reset?.id ?? ''));
      expect(sent).toMatchObject({ status: 'sent', secret: null });
      expect(JSON.stringify(sent)).not.toContain(token);
      // The e-mailed link works.
      const done = await t.post('/api/login/forgotchecker', {
        tokenId: token,
        userid: link?.[2],
        newpassword: 'a brand new passphrase',
        confirmpassword: 'a brand new passphrase',
      });
      expect(done.json().status_smessage).toBe('Password updated successfully');
    } finally {
      await smtp.close();
    }
  });

  it('F-03: seals every one-time link: verification, resent verification, staff set-up and staff-sent reset', async () => {
    // The mail server is down: every e-mail waits in the outbox, as it would before its turn.
    const admin = await staffSession(t, 'links.admin@firm.example', 'admin');
    const client = await signUpAndLogIn(t, 'links.client@example.com');
    await t.post(
      '/api/login/register',
      registrationBody({ email: 'links.new@example.com', password: 'a long enough password' }),
    );
    await t.post('/api/account/resendverification', { email: 'links.new@example.com' });
    await t.postAs(admin.sid, '/api/staff/team/invite', {
      email: 'links.staff@firm.example',
      role: 'analyst',
      first_name: 'Lina',
      last_name: 'Das',
    });
    const sent = await t.postAs(admin.sid, '/api/staff/clients/resetlink', { client_id: client.clientId });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.mail.wake();

    const rows = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        inArray(emailOutbox.to, [
          'links.client@example.com',
          'links.new@example.com',
          'links.staff@firm.example',
        ]),
      );
    const links = [
      ['links.new@example.com', /accountverifyuser\?tokenId=/],
      ['links.staff@firm.example', /resetpasswordlink\/[\w-]{40,}/],
      ['links.client@example.com', /resetpasswordlink\/[\w-]{40,}/],
    ] as const;
    for (const [to, link] of links) {
      const mine = rows.filter((row) => row.to === to && link.test(sentText(row)));
      expect(mine.length, to).toBeGreaterThanOrEqual(1);
      for (const row of mine) {
        expect(row.secret, to).toMatch(/^v1\./);
        expect(`${row.text}${row.html}`, to).not.toMatch(/accountverifyuser\?|resetpasswordlink\//);
      }
    }
    // Two verification e-mails for the new account (registration and resend), both sealed.
    expect(rows.filter((row) => row.to === 'links.new@example.com' && row.secret)).toHaveLength(2);
  });

  it('F-03: deletes sent e-mails once the retention period is over, and only those', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);
    const message = { subject: 'Retention', text: 'x', html: '<p>x</p>' };
    // Written as they would be after sending (or, for the last, still waiting for a retry).
    const rows = await t.database.db
      .insert(emailOutbox)
      .values([
        {
          ...message,
          to: 'old.sent@example.com',
          status: 'sent',
          sentAt: daysAgo(31),
          createdAt: daysAgo(31),
        },
        {
          ...message,
          to: 'recent.sent@example.com',
          status: 'sent',
          sentAt: daysAgo(29),
          createdAt: daysAgo(29),
        },
        { ...message, to: 'old.failed@example.com', status: 'failed', createdAt: daysAgo(31) },
        {
          ...message,
          to: 'old.pending@example.com',
          createdAt: daysAgo(31),
          nextAttemptAt: new Date(Date.now() + 3_600_000),
        },
      ])
      .returning({ id: emailOutbox.id, to: emailOutbox.to });
    const ids = rows.map((row) => row.id);
    // A worker's periodic clean-up (the app's runs hourly; this one's first pass is now).
    const worker = startMailWorker({
      db: t.database.db,
      transport: null,
      keyring: createKeyring(TEST_ENCRYPTION_KEY),
      from: 'portal@firm.test',
      log: t.app.log,
      pollMs: 60_000,
      retentionDays: 30,
    });
    try {
      await worker.wake();
    } finally {
      await worker.stop();
    }
    const left = await t.database.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(left.map((row) => row.to).sort()).toEqual(['old.pending@example.com', 'recent.sent@example.com']);
  });
});

describe('two workers and a slow mail server (the outbox lease, review item 12)', () => {
  it('keeps every SMTP wait well inside the lease', () => {
    const timeouts = smtpTimeouts(LEASE_MS);
    const worst =
      timeouts.dnsTimeout +
      timeouts.connectionTimeout +
      timeouts.greetingTimeout +
      8 * timeouts.socketTimeout;
    expect(worst).toBeLessThan(LEASE_MS);
  });

  it('delivers each e-mail exactly once when sending them all takes longer than the lease', async () => {
    const database = await createTestDatabase();
    // 8 e-mails at 400 ms each: 3.2 s of sending against a 1.5 s lease.
    const smtp = await startSmtpServer(0, { delayMs: 400 });
    const leaseMs = 1_500;
    const recipients = Array.from({ length: 8 }, (_, i) => `once${i}@example.com`);
    const workers = [0, 1].map(() =>
      startMailWorker({
        db: database.db,
        transport: createTransport(smtp.url, { leaseMs }),
        keyring: createKeyring(TEST_ENCRYPTION_KEY),
        from: 'portal@firm.test',
        log: t.app.log,
        pollMs: 100,
        leaseMs,
      }),
    );
    try {
      await database.db.transaction(async (tx) => {
        for (const to of recipients) {
          await enqueueEmail(tx, to, { subject: 'Once', text: `Only once to ${to}.`, html: '<p>x</p>' });
        }
      });
      await Promise.all(workers.map((worker) => worker.wake()));
      await expect
        .poll(
          async () =>
            (await database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'))).length,
          { timeout: 20_000, interval: 200 },
        )
        .toBe(recipients.length);
      // A little longer, for any late duplicate.
      await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs));
      const delivered = smtp.received.flatMap((mail) => mail.to).sort();
      expect(delivered).toEqual([...recipients].sort());
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await smtp.close();
      await database.close();
    }
  });
});
