import { eq, sessions, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { firmToday } from '../../lib/firm-time.ts';
import { ABSOLUTE_MS, findSession, IDLE_MS, revokeSession, touchSession } from './sessions.service.ts';

const t = useTestApp();

const rowOf = async (sid: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(sid)));
  if (!row) throw new Error('no session row');
  return row;
};

describe('the session lookup (one prepared statement per request)', () => {
  it('finds a live session with its user and client, and nothing for an unknown token', async () => {
    const asha = await signUpAndLogIn(t, 'asha.lookup@example.com');
    const found = await findSession(t.database.db, asha.sid);
    expect(found?.user).toMatchObject({ id: asha.userId, role: 'client', clientId: asha.clientId });
    expect(await findSession(t.database.db, `${asha.sid}x`)).toBeNull();
  });

  it('refuses a revoked session at once, on the very next request', async () => {
    const asha = await signUpAndLogIn(t, 'asha.revoked@example.com');
    const found = await findSession(t.database.db, asha.sid);
    expect(found).not.toBeNull();
    await revokeSession(t.database.db, found?.id ?? '');
    expect(await findSession(t.database.db, asha.sid)).toBeNull();
    expect((await t.postAs(asha.sid, '/api/user/taxpayerinfo', {})).statusCode).toBe(401);
  });

  it('ends a session exactly at its idle limit and at its absolute lifetime', async () => {
    const asha = await signUpAndLogIn(t, 'asha.limits@example.com');
    const row = await rowOf(asha.sid);
    const idleEnd = new Date(row.lastSeenAt.getTime() + IDLE_MS);
    expect(await findSession(t.database.db, asha.sid, new Date(idleEnd.getTime() - 1))).not.toBeNull();
    expect(await findSession(t.database.db, asha.sid, idleEnd)).toBeNull();
    // Kept active, it still ends at its lifetime: one millisecond before, live; at it, gone.
    const end = row.expiresAt;
    expect(end.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(ABSOLUTE_MS + 1000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(end.getTime() - 60_000) })
      .where(eq(sessions.id, row.id));
    expect(await findSession(t.database.db, asha.sid, new Date(end.getTime() - 1))).not.toBeNull();
    expect(await findSession(t.database.db, asha.sid, end)).toBeNull();
  });

  it("refuses a staff member's session once their access ends (the firm's day) or they are deactivated", async () => {
    const ana = await staffSession(t, 'ana.lookup@firm.example', 'analyst');
    const now = new Date();
    await t.database.db
      .update(users)
      .set({ accessEndsOn: firmToday(now) })
      .where(eq(users.id, ana.userId));
    expect(await findSession(t.database.db, ana.sid, now)).not.toBeNull();
    const tomorrow = new Date(now.getTime() + 24 * 3_600_000);
    expect(await findSession(t.database.db, ana.sid, tomorrow)).toBeNull();
    await t.database.db
      .update(users)
      .set({ accessEndsOn: null, deactivatedAt: now })
      .where(eq(users.id, ana.userId));
    expect(await findSession(t.database.db, ana.sid)).toBeNull();
  });
});

describe('activity (touchSession): written at most every 30 s', () => {
  it('writes once for concurrent requests, not again within 30 s, and again after', async () => {
    const asha = await signUpAndLogIn(t, 'asha.touch@example.com');
    const row = await rowOf(asha.sid);
    const first = await findSession(t.database.db, asha.sid);
    if (!first) throw new Error('no session');
    // Ten requests of one session read the same lastSeenAt; only the first writes.
    const at = new Date(row.lastSeenAt.getTime() + 31_000);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => touchSession(t.database.db, first, new Date(at.getTime() + i))),
    );
    expect((await rowOf(asha.sid)).lastSeenAt.getTime()).toBe(at.getTime());
    // Within 30 s of that write, even from a session read before it: no write.
    await touchSession(t.database.db, first, new Date(at.getTime() + 29_000));
    expect((await rowOf(asha.sid)).lastSeenAt.getTime()).toBe(at.getTime());
    // 30 s after it: written.
    const later = new Date(at.getTime() + 30_000);
    await touchSession(t.database.db, first, later);
    expect((await rowOf(asha.sid)).lastSeenAt.getTime()).toBe(later.getTime());
  });

  it('still ends a session 20 minutes after the last written activity', async () => {
    const asha = await signUpAndLogIn(t, 'asha.idle@example.com');
    const found = await findSession(t.database.db, asha.sid);
    if (!found) throw new Error('no session');
    const touched = new Date(found.lastSeenAt.getTime() + 45_000);
    await touchSession(t.database.db, found, touched);
    // A request 10 s later is not written (within 30 s), so the idle limit runs from `touched`.
    const again = await findSession(t.database.db, asha.sid, new Date(touched.getTime() + 10_000));
    if (!again) throw new Error('no session');
    await touchSession(t.database.db, again, new Date(touched.getTime() + 10_000));
    expect(
      await findSession(t.database.db, asha.sid, new Date(touched.getTime() + IDLE_MS - 1)),
    ).not.toBeNull();
    expect(await findSession(t.database.db, asha.sid, new Date(touched.getTime() + IDLE_MS))).toBeNull();
  });
});
