import { MESSAGES } from '@taxfirm/contract';
import { and, auditLog, eq, users } from '@taxfirm/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';

const DAY_MS = 24 * 60 * 60_000;

const t = useTestApp();
let analyst: { sid: string; userId: string };
let admin: { sid: string; userId: string };

beforeAll(async () => {
  analyst = await staffSession(t, 'analyst.alerts@firm.example', 'analyst');
  admin = await staffSession(t, 'admin.alerts@firm.example', 'admin');
});

const alerts = (sid: string, body: Record<string, unknown> = {}) =>
  t.postAs(sid, '/api/staff/messages/alerts', body);

const userRow = async (userId: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, userId)))[0];

const auditsOf = (userId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'staff.alerts.save'), eq(auditLog.actorUserId, userId)));

describe('staff/messages/alerts', () => {
  it("reads the caller's own choice: an e-mail each time, by default", async () => {
    const res = await alerts(analyst.sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ alerts: 'each' });
    expect(res.json().message).toBeUndefined();
  });

  it('changes only the caller\'s choice, audited with "from -> to"; the same choice again writes nothing', async () => {
    const res = await alerts(analyst.sid, { alerts: 'digest' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ alerts: 'digest', message: MESSAGES.MESSAGE_ALERTS_SAVED });
    expect((await alerts(analyst.sid)).json().alerts).toBe('digest');
    expect((await userRow(analyst.userId))?.staffAlerts).toBe('digest');
    // The admin's choice is their own.
    expect((await alerts(admin.sid)).json().alerts).toBe('each');
    expect(await auditsOf(analyst.userId)).toEqual([
      expect.objectContaining({ subject: 'each -> digest', ip: '127.0.0.1', clientId: null }),
    ]);

    expect((await alerts(analyst.sid, { alerts: 'digest' })).statusCode).toBe(200);
    expect(await auditsOf(analyst.userId)).toHaveLength(1);

    expect((await alerts(analyst.sid, { alerts: 'each' })).json().alerts).toBe('each');
    expect((await auditsOf(analyst.userId)).map((row) => row.subject).sort()).toEqual([
      'digest -> each',
      'each -> digest',
    ]);
  });

  it("starts a digest from at most a day back: not everything since an old one, nor again after today's", async () => {
    const old = new Date(Date.now() - 30 * DAY_MS);
    await t.database.db.update(users).set({ digestSentAt: old }).where(eq(users.id, admin.userId));
    const before = Date.now();
    await alerts(admin.sid, { alerts: 'digest' });
    const sentAt = (await userRow(admin.userId))?.digestSentAt?.getTime() ?? 0;
    expect(sentAt).toBeGreaterThanOrEqual(before - DAY_MS - 1_000);
    expect(sentAt).toBeLessThanOrEqual(Date.now() - DAY_MS + 1_000);

    // Back to 'each' and to 'digest' within the day: the digest already sent today still counts.
    const today = new Date(Date.now() - 60_000);
    await t.database.db.update(users).set({ digestSentAt: today }).where(eq(users.id, admin.userId));
    await alerts(admin.sid, { alerts: 'each' });
    await alerts(admin.sid, { alerts: 'digest' });
    expect((await userRow(admin.userId))?.digestSentAt?.getTime()).toBe(today.getTime());
  });

  it('refuses an unknown choice (400), a client (403) and no session (401)', async () => {
    const bad = await alerts(analyst.sid, { alerts: 'hourly' });
    expect(bad.statusCode).toBe(400);
    const client = await signUpAndLogIn(t, 'client.alerts@example.com');
    expect((await alerts(client.sid)).statusCode).toBe(403);
    expect((await alerts(client.sid, { alerts: 'digest' })).statusCode).toBe(403);
    expect((await t.post('/api/staff/messages/alerts', { alerts: 'digest' })).statusCode).toBe(401);
    expect((await userRow(client.userId))?.staffAlerts).toBe('each');
  });
});
