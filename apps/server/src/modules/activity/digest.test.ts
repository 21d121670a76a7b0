import {
  and,
  asc,
  clients,
  emailOutbox,
  eq,
  filings,
  messages,
  messageThreads,
  siteSettings,
  staffActivity,
  users,
  type Database,
} from '@taxfirm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignFiling } from '../../../test/factories.ts';
import { createTestApp, sentText, signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { expectScheduledPassThenStop, openSecondInstance } from '../../../test/mailing-scheduler-kit.ts';
import { createSettingsCache, type SettingsCache } from '../settings/settings.cache.ts';
import { DIGEST_PATH, runDigestPass, startDigestScheduler } from './digest.service.ts';

const APP_URL = 'http://localhost:3000';
const HOUR_MS = 60 * 60_000;

const t = useTestApp();
let settings: SettingsCache;

beforeAll(async () => {
  settings = await createSettingsCache(t.database);
});
afterAll(async () => {
  await settings.close();
});

type Staff = { sid: string; userId: string; email: string };
type Client = { clientId: string; taxYear: number; threadId: string };

let counter = 0;

/** A staff member who chose the digest (or `alerts`), never sent one. */
async function staffMember(
  role: 'analyst' | 'admin' = 'analyst',
  alerts: 'each' | 'digest' = 'digest',
): Promise<Staff> {
  const email = `digest-staff${++counter}@firm.example`;
  const staff = await staffSession(t, email, role);
  await t.database.db.update(users).set({ staffAlerts: alerts }).where(eq(users.id, staff.userId));
  return { ...staff, email };
}

/** A client whose current filing is `analyst`'s (or nobody's), with a file number and a conversation. */
async function clientOf(
  analyst: Staff | null,
  name: { first: string; last: string },
  fileNumber: string | null = null,
): Promise<Client> {
  const account = await signUpAndLogIn(t, `digest-client${++counter}@example.com`, name);
  const filing = await assignFiling(t, account, analyst, 'Docs Upload Pending');
  await t.database.db.update(clients).set({ fileNumber }).where(eq(clients.id, account.clientId));
  const [thread] = await t.database.db
    .insert(messageThreads)
    .values({ clientId: account.clientId })
    .returning({ id: messageThreads.id });
  return { clientId: account.clientId, taxYear: filing.taxYear, threadId: thread?.id ?? '' };
}

const activity = (
  client: Client,
  kind: 'upload' | 'payment' | 'answer' | 'message',
  summary: string,
  createdAt: Date,
  taxYear = client.taxYear,
) =>
  t.database.db
    .insert(staffActivity)
    .values({ clientId: client.clientId, taxYear, kind, summary, createdAt });

const message = (
  client: Client,
  body: string,
  createdAt: Date,
  extra: Partial<typeof messages.$inferInsert> = {},
) =>
  t.database.db.insert(messages).values({
    threadId: client.threadId,
    clientId: client.clientId,
    taxYear: client.taxYear,
    authorKind: 'client',
    body,
    createdAt,
    ...extra,
  });

/** The digests e-mailed to a staff member, oldest first, as sent. */
async function digestsTo(staff: Staff) {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, staff.email))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  return rows.map((row) => ({ subject: row.subject, text: sentText(row), html: row.html }));
}

const sentAtOf = async (staff: Staff) =>
  (await t.database.db.select().from(users).where(eq(users.id, staff.userId)))[0]?.digestSentAt ?? null;

const pass = (now: Date, db: Database = t.database.db) =>
  runDigestPass(db, { now, settings, appUrl: APP_URL });

/**
 * The clock: January (Central Standard Time, UTC-6), so the default digest hour 7:00 is 13:00 UTC. Each test
 * has its own days, and its own staff members (a pass looks at every staff member of the database).
 */
const utc = (iso: string) => new Date(`${iso}Z`);

describe('the daily digest', () => {
  it('is not sent before the hour, is sent once after it, and the next day covers only what came since', async () => {
    const analyst = await staffMember();
    const asha = await clientOf(analyst, { first: 'Asha', last: 'Rao' }, 'TF25-0001');
    await message(asha, 'My SSN is 123-45-6789 <script>alert(1)</script>', utc('2026-01-13T02:00:00'));
    await message(asha, 'Second question about my W-2', utc('2026-01-13T02:30:00'));
    // Already read by staff, a staff reply and an internal note: none of them is news.
    await message(asha, 'Old question, answered', utc('2026-01-13T01:00:00'), {
      readAt: utc('2026-01-13T01:10:00'),
      readBy: analyst.userId,
    });
    await message(asha, 'Staff reply', utc('2026-01-13T01:20:00'), {
      authorKind: 'staff',
      authorId: analyst.userId,
    });
    await message(asha, 'Internal: client seems confused', utc('2026-01-13T01:30:00'), {
      authorKind: 'staff',
      authorId: analyst.userId,
      internal: true,
    });
    await activity(asha, 'upload', 'Uploaded 3 files (W2)', utc('2026-01-13T03:00:00'));
    await activity(asha, 'payment', 'Paid $350.00', utc('2026-01-13T04:00:00'));
    // A message row in the activity is told by the unread count, not repeated.
    await activity(asha, 'message', 'Sent a message', utc('2026-01-13T02:00:00'));
    // Older than a day before the first digest: not in it.
    await activity(asha, 'upload', 'Uploaded 9 files (OTHER DOCS)', utc('2026-01-12T10:00:00'));

    const early = await pass(utc('2026-01-13T12:59:00'));
    expect(early.sent).not.toContain(analyst.userId);
    expect(await digestsTo(analyst)).toEqual([]);
    expect(await sentAtOf(analyst)).toBeNull();

    const now = utc('2026-01-13T13:05:00');
    const due = await pass(now);
    expect(due.sent).toContain(analyst.userId);
    const [digest] = await digestsTo(analyst);
    expect(digest?.subject).toMatch(/digest: 1 client with news$/);
    expect(digest?.text).toContain(
      '• Asha Rao (TF25-0001): 2 unread messages, uploaded 3 files (W2), paid $350.00',
    );
    expect(digest?.text).toContain(`${APP_URL}${DIGEST_PATH}`);
    expect(digest?.text).not.toContain('9 files');
    expect(digest?.text).not.toContain('sent a message');
    // Never a message's text, in the text or the HTML.
    for (const part of [digest?.text ?? '', digest?.html ?? '']) {
      for (const secret of ['123-45-6789', 'script', 'W-2', 'answered', 'Staff reply', 'confused']) {
        expect(part).not.toContain(secret);
      }
    }
    expect(await sentAtOf(analyst)).toEqual(now);

    // Later the same day: nothing more.
    expect((await pass(utc('2026-01-13T13:30:00'))).sent).not.toContain(analyst.userId);
    expect((await pass(utc('2026-01-13T23:00:00'))).sent).not.toContain(analyst.userId);
    expect(await digestsTo(analyst)).toHaveLength(1);

    // The next morning: what came after the last digest only.
    await activity(asha, 'answer', 'Said K-1 does not apply', utc('2026-01-13T20:00:00'));
    expect((await pass(utc('2026-01-14T13:01:00'))).sent).toContain(analyst.userId);
    const second = (await digestsTo(analyst))[1];
    expect(second?.text).toContain('• Asha Rao (TF25-0001): said K-1 does not apply');
    expect(second?.text).not.toContain('unread');
    expect(second?.text).not.toContain('paid');
  });

  it('sends no e-mail when there is nothing to say, and the timestamp moves all the same', async () => {
    const analyst = await staffMember();
    const quiet = await clientOf(analyst, { first: 'Quiet', last: 'Client' });
    await activity(quiet, 'upload', 'Uploaded 1 file (W2)', utc('2026-02-01T10:00:00'));
    const now = utc('2026-02-03T13:10:00');
    const result = await pass(now);
    expect(result.empty).toContain(analyst.userId);
    expect(result.sent).not.toContain(analyst.userId);
    expect(await digestsTo(analyst)).toEqual([]);
    expect(await sentAtOf(analyst)).toEqual(now);
  });

  it("gives an analyst only their files' news (by the row's tax year); an admin everyone's; 'each' and deactivated staff none", async () => {
    const mine = await staffMember();
    const other = await staffMember();
    const admin = await staffMember('admin');
    const eachOne = await staffMember('analyst', 'each');
    const gone = await staffMember();
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.userId));

    const meera = await clientOf(mine, { first: 'Meera', last: 'Iyer' });
    const kiran = await clientOf(other, { first: 'Kiran', last: 'Das' });
    const noor = await clientOf(eachOne, { first: 'Noor', last: 'Khan' });
    // Noor's earlier year is `mine`'s file: that year's news is theirs, this year's is not.
    await t.database.db.insert(filings).values({
      clientId: noor.clientId,
      taxYear: noor.taxYear - 1,
      status: 'E-Filing Complete',
      assignedTo: mine.userId,
    });
    const when = utc('2026-03-02T08:00:00');
    await activity(meera, 'upload', 'Uploaded 2 files (W2)', when);
    await message(kiran, 'Hello', when);
    await activity(noor, 'payment', 'Paid $99.00', when);
    await activity(
      noor,
      'answer',
      'Said 1098 does not apply',
      new Date(when.getTime() + HOUR_MS),
      noor.taxYear - 1,
    );

    // March 2 is Central Standard Time still: 7:00 is 13:00 UTC.
    const result = await pass(utc('2026-03-02T13:00:00'));
    expect(result.sent).toEqual(expect.arrayContaining([mine.userId, other.userId, admin.userId]));
    expect(result.sent).not.toContain(eachOne.userId);
    expect(result.sent).not.toContain(gone.userId);

    const [forMine] = await digestsTo(mine);
    expect(forMine?.text).toContain('• Meera Iyer: uploaded 2 files (W2)');
    expect(forMine?.text).toContain('• Noor Khan: said 1098 does not apply');
    expect(forMine?.text).not.toContain('Kiran');
    expect(forMine?.text).not.toContain('$99.00');
    const [forOther] = await digestsTo(other);
    expect(forOther?.text).toContain('• Kiran Das: 1 unread message');
    expect(forOther?.text).not.toContain('Meera');
    const [forAdmin] = await digestsTo(admin);
    for (const line of [
      '• Kiran Das: 1 unread message',
      '• Meera Iyer: uploaded 2 files (W2)',
      '• Noor Khan: paid $99.00, said 1098 does not apply',
    ]) {
      expect(forAdmin?.text).toContain(line);
    }
    expect(await digestsTo(eachOne)).toEqual([]);
    expect(await digestsTo(gone)).toEqual([]);
  });

  it('tells offshore staff nothing of a client without a §7216 Yes in force (ADR 019), admins included', async () => {
    const offshoreAdmin = await staffMember('admin');
    const usAdmin = await staffMember('admin');
    await t.database.db.update(users).set({ location: 'offshore' }).where(eq(users.id, offshoreAdmin.userId));
    const usOnly = await clientOf(null, { first: 'Uma', last: 'Onshore' });
    const consented = await clientOf(null, { first: 'Cyra', last: 'Consented' });
    await t.database.db
      .update(clients)
      .set({ offshoreConsent: true, offshoreConsentExpiresAt: utc('2027-04-01T00:00:00') })
      .where(eq(clients.id, consented.clientId));
    const when = utc('2026-04-06T08:00:00');
    await activity(usOnly, 'upload', 'Uploaded 1 file (W2)', when);
    await message(usOnly, 'Hello', when);
    await activity(consented, 'payment', 'Paid $42.00', when);

    // April 6 is Central Daylight Time: 7:00 is 12:00 UTC.
    await pass(utc('2026-04-06T12:00:00'));
    const [offshore] = await digestsTo(offshoreAdmin);
    expect(offshore?.text).toContain('• Cyra Consented: paid $42.00');
    expect(offshore?.text).not.toContain('Uma');
    const [us] = await digestsTo(usAdmin);
    expect(us?.text).toContain('• Uma Onshore: 1 unread message, uploaded 1 file (W2)');
    expect(us?.text).toContain('• Cyra Consented: paid $42.00');
  });

  it("follows the firm's digest hour in the firm's time zone (18:00 Central is midnight UTC)", async () => {
    const analyst = await staffMember();
    const client = await clientOf(analyst, { first: 'Evening', last: 'Person' });
    await activity(client, 'upload', 'Uploaded 1 file (W2)', utc('2026-04-06T15:00:00'));
    await t.database.db.update(siteSettings).set({ digestHour: 18 }).where(eq(siteSettings.singleton, true));
    try {
      // April: Central Daylight Time (UTC-5), so 18:00 is 23:00 UTC.
      expect((await pass(utc('2026-04-06T22:59:00'))).sent).not.toContain(analyst.userId);
      expect((await pass(utc('2026-04-06T23:00:00'))).sent).toContain(analyst.userId);
      expect(await digestsTo(analyst)).toHaveLength(1);
    } finally {
      await t.database.db.update(siteSettings).set({ digestHour: 7 }).where(eq(siteSettings.singleton, true));
    }
  });
});

describe('several instances', () => {
  it('sends exactly one digest per staff member when two passes run at once on two connection pools', async () => {
    const racers: Staff[] = [];
    for (let i = 0; i < 4; i += 1) {
      const analyst = await staffMember();
      const client = await clientOf(analyst, { first: 'Race', last: `Client${'ABCD'.charAt(i)}` });
      await activity(client, 'upload', 'Uploaded 1 file (W2)', utc('2026-05-04T10:00:00'));
      racers.push(analyst);
    }
    const second = await openSecondInstance(t.database.db);
    try {
      const now = utc('2026-05-04T12:30:00');
      const results = await Promise.all([pass(now), pass(now, second?.db ?? t.database.db)]);
      for (const staff of racers) {
        const senders = results.filter((r) => r.sent.includes(staff.userId));
        expect(senders, staff.email).toHaveLength(1);
        expect(await digestsTo(staff)).toHaveLength(1);
      }
    } finally {
      await second?.close();
    }
  });

  it('runs passes on its own from the scheduler, and stops with it', async () => {
    const analyst = await staffMember();
    const client = await clientOf(analyst, { first: 'Sched', last: 'Uled' });
    await activity(client, 'upload', 'Uploaded 1 file (W2)', utc('2026-06-01T10:00:00'));
    await expectScheduledPassThenStop(
      startDigestScheduler,
      { db: t.database.db, settings, appUrl: APP_URL, log: t.app.log, now: () => utc('2026-06-01T12:15:00') },
      async () => (await digestsTo(analyst)).length,
    );
  });
});

describe('the app', () => {
  it("starts the digest scheduler with the app, on AppConfig.digest's timing", async () => {
    const app = await createTestApp({ digest: { firstRunMs: 10, intervalMs: 200 } });
    try {
      // Midnight in the firm's time zone: today's digest hour has always passed.
      await app.database.db
        .update(siteSettings)
        .set({ digestHour: 0 })
        .where(eq(siteSettings.singleton, true));
      const account = await signUpAndLogIn(app, 'started.client@example.com');
      const [filing] = await app.database.db
        .select()
        .from(filings)
        .where(eq(filings.clientId, account.clientId));
      await app.database.db.insert(staffActivity).values({
        clientId: account.clientId,
        taxYear: filing?.taxYear ?? 0,
        kind: 'upload',
        summary: 'Uploaded 1 file (W2)',
        createdAt: new Date(Date.now() - HOUR_MS),
      });
      // The choice last, so that no pass finds this staff member before there is news for them.
      const staff = await staffSession(app, 'started@firm.example', 'admin');
      await app.database.db
        .update(users)
        .set({ staffAlerts: 'digest', digestSentAt: new Date(Date.now() - 2 * 24 * HOUR_MS) })
        .where(eq(users.id, staff.userId));
      await expect
        .poll(
          async () =>
            (
              await app.database.db
                .select()
                .from(emailOutbox)
                .where(and(eq(emailOutbox.to, 'started@firm.example')))
            ).filter((row) => row.subject.includes('digest')).length,
          { timeout: 10_000 },
        )
        .toBe(1);
    } finally {
      await app.close();
    }
  });
});
