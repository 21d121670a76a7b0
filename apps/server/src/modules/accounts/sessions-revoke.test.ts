import { auditLog, desc, eq } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { signUpAndLogIn, staffSession, useTestApp, type TestApp } from '../../../test/helpers.ts';
import { revokeSessionsInScope } from './sessions.service.ts';

const live = async (t: TestApp, sid: string) =>
  (await t.postAs(sid, '/api/user/taxpayerinfo', {})).statusCode !== 401;
const staffLive = async (t: TestApp, sid: string) =>
  (await t.postAs(sid, '/api/staff/clients/list', { start: 0, length: 10 })).statusCode !== 401;

describe('npm run sessions:revoke (revokeSessionsInScope)', () => {
  const t = useTestApp();

  it('ends one account, then staff only, then everyone, and audits each', async () => {
    const asha = await signUpAndLogIn(t, 'asha.revoke@example.com');
    const ravi = await signUpAndLogIn(t, 'ravi.revoke@example.com', { first: 'Ravi', last: 'Iyer' });
    const admin = await staffSession(t, 'ada.revoke@firm.example', 'admin');
    expect(await live(t, asha.sid)).toBe(true);
    expect(await staffLive(t, admin.sid)).toBe(true);

    expect(
      await revokeSessionsInScope(t.database.db, { kind: 'email', email: ' ASHA.revoke@example.com ' }),
    ).toBe(1);
    expect(await live(t, asha.sid)).toBe(false);
    expect(await live(t, ravi.sid)).toBe(true);

    expect(await revokeSessionsInScope(t.database.db, { kind: 'staff' })).toBe(1);
    expect(await staffLive(t, admin.sid)).toBe(false);
    expect(await live(t, ravi.sid)).toBe(true);

    expect(await revokeSessionsInScope(t.database.db, { kind: 'all' })).toBe(1);
    expect(await live(t, ravi.sid)).toBe(false);
    // Nothing is left to end.
    expect(await revokeSessionsInScope(t.database.db, { kind: 'clients' })).toBe(0);
    expect(await revokeSessionsInScope(t.database.db, { kind: 'email', email: 'nobody@example.com' })).toBe(
      0,
    );

    const rows = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'sessions.revoked'))
      .orderBy(desc(auditLog.seq));
    expect(rows.map((r) => r.subject)).toEqual([
      'one account: 0',
      'clients: 0',
      'all: 1',
      'staff: 1',
      'one account: 1',
    ]);
    expect(rows.every((r) => r.actor === null)).toBe(true);
  });
});
