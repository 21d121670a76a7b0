/**
 * Sign-in events in the audit log (security review F-06): sign-ins, second factors, password changes and
 * resets, logouts, locks and refused calls.
 */
import { createHash } from 'node:crypto';
import { XSRF_COOKIE } from '@taxfirm/contract';
import { and, auditLog, authTokens, eq, users } from '@taxfirm/db';
import { describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../../lib/crypto/tokens.ts';
import { setPasswordByLink, signUpAndLogIn, staffSession, useTestApp } from '../../../test/helpers.ts';
import { CLIENT_PASSWORD, sidOf, signInKit, wrongCode } from './testing/sign-in-kit.ts';

const t = useTestApp();
const { fromNewIp, auditOf, mailsTo, enrolledStaff, clientWithMfa, staffToken, clientToken } = signInKit(t);

describe('F-06: sign-in events are in the audit log', () => {
  it('F-06: client sign-in success and failure; an unknown address is kept only as a hash', async () => {
    const email = 'audited.client@example.com';
    const { userId, clientId } = await signUpAndLogIn(t, email);
    const c = fromNewIp();
    await c.post('/api/login/check', { email, password: 'not my password' });
    await c.post('/api/login/check', { email: ' Nobody.Here@Example.com ', password: 'a secret guess 123' });
    expect(await auditOf(userId)).toEqual(['signin.succeeded: password', 'signin.failed: wrong password']);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'signin.failed')));
    expect(row).toMatchObject({ clientId, ip: c.ip });
    const hash = createHash('sha256').update('nobody.here@example.com').digest('hex');
    const [anonymous] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `email-sha256:${hash}`));
    expect(anonymous).toMatchObject({ action: 'signin.failed', actorUserId: null, clientId: null, ip: c.ip });
    const dump = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(dump).not.toContain('a secret guess 123');
    expect(dump).not.toContain('not my password');
    expect(dump.toLowerCase()).not.toContain('nobody.here');
  });

  it('F-06: staff sign-in success and failure, second-factor failure, recovery-code use, enrolment; the console lists them', async () => {
    const email = 'audited.staff@firm.example';
    const staff = await enrolledStaff(email, 'admin');
    const c = fromNewIp();
    await c.post('/api/staff/login', { email, password: 'not the passphrase' });
    await c.post('/api/staff/login/mfa', {
      mfa_token: await staffToken(c, email),
      code: await wrongCode(staff.secret),
    });
    const viaRecovery = await c.post('/api/staff/login/mfa', {
      mfa_token: await staffToken(c, email),
      code: staff.recoveryCodes[0],
    });
    expect(viaRecovery.statusCode).toBe(200);
    expect(await auditOf(staff.userId)).toEqual([
      'staff.mfa.enabled',
      'staff.signin.succeeded: password+enrolment',
      'staff.signin.failed: wrong password',
      'staff.mfa.failed',
      'staff.mfa.recovery.used',
      'staff.signin.succeeded: password+recovery code',
    ]);
    // The admin console's log, filtered to this staff member, shows them with who and from where.
    const page = await c.postAs(sidOf(viaRecovery), '/api/staff/audit/list', { actor_id: staff.userId });
    expect(page.statusCode, page.body).toBe(200);
    const entries = page.json().data as { action: string; actor: { email: string } | null; ip: string }[];
    expect(entries.find((e) => e.action === 'staff.signin.succeeded')).toMatchObject({
      actor: { email, role: 'admin' },
      ip: c.ip,
    });
    const search = await c.postAs(sidOf(viaRecovery), '/api/staff/audit/list', {
      dataTablesParameters: { draw: 1, start: 0, length: 50, search: { value: 'staff.signin.failed' } },
    });
    expect(search.json().data.length).toBeGreaterThan(0);
  });

  it("F-06: MFA turned on and off by a client, and an admin's reset of a staff member's MFA", async () => {
    const email = 'audited.mfa@example.com';
    const client = await clientWithMfa(email);
    const off = await t.postAs(client.sid, '/api/account/mfa/disable', {
      password: CLIENT_PASSWORD,
      code: client.recoveryCodes[0],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await auditOf(client.userId)).toEqual([
      'signin.succeeded: password',
      'mfa.enabled',
      'mfa.recovery.used',
      'mfa.disabled',
    ]);
    const admin = await staffSession(t, 'resetting.admin@firm.example', 'admin');
    const member = await enrolledStaff('reset.member@firm.example');
    const reset = await t.postAs(admin.sid, '/api/staff/team/resetmfa', { user_id: member.userId });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await auditOf(admin.userId)).toContain(`staff.team.resetmfa: ${member.userId}`);
  });

  it('F-06: password change (and a wrong old password) and resets by e-mailed and staff-sent links', async () => {
    const email = 'audited.password@example.com';
    const { sid, userId } = await signUpAndLogIn(t, email);
    const change = (oldpassword: string) =>
      t.postAs(sid, '/api/user/changepassword', {
        oldpassword,
        password: 'another long passphrase',
        confirmpassword: 'another long passphrase',
      });
    expect((await change('not the old one')).statusCode).toBe(400);
    expect((await change(CLIENT_PASSWORD)).statusCode).toBe(200);
    await t.post('/api/login/forgot', { email });
    const link = /newpasswordlink\?(\S+)/.exec((await mailsTo(email))[0]?.text ?? '')?.[1] ?? '';
    const query = new URLSearchParams(link);
    await t.post('/api/login/forgotchecker', {
      tokenId: query.get('tokenId'),
      userid: query.get('userid'),
      newpassword: 'a third long passphrase',
      confirmpassword: 'a third long passphrase',
    });
    // A staff-sent link (resetpasswordlink/{id}), as staff send clients and staff:create prints.
    const secret = randomToken();
    await t.database.db.insert(authTokens).values({
      userId,
      kind: 'staff_reset',
      tokenHash: hashToken(secret),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const viaStaffLink = await setPasswordByLink(t, secret, 'a fourth long passphrase');
    expect(viaStaffLink.statusCode, viaStaffLink.body).toBe(200);
    expect(await auditOf(userId)).toEqual([
      'signin.succeeded: password',
      'password.change.failed: wrong old password',
      'password.changed',
      'password.reset: e-mailed link',
      // Issue 38: a reset link lands its holder signed in.
      'signin.succeeded: reset link',
      'password.reset: staff-sent or set-up link',
      'signin.succeeded: reset link',
    ]);
  });

  it('F-06: logout, client and staff', async () => {
    const { sid, userId } = await signUpAndLogIn(t, 'audited.logout@example.com');
    expect((await t.postAs(sid, '/api/account/logout')).statusCode).toBe(200);
    expect(await auditOf(userId)).toEqual(['signin.succeeded: password', 'logout']);
    const staff = await staffSession(t, 'audited.logout@firm.example', 'analyst');
    expect((await t.postAs(staff.sid, '/api/account/logout')).statusCode).toBe(200);
    expect(await auditOf(staff.userId)).toEqual(['staff.logout']);
    // A logout without a session writes nothing.
    const before = (await t.database.db.select().from(auditLog)).length;
    await t.post('/api/account/logout');
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before);
  });

  it('F-06: lock events, password and second factor', async () => {
    const email = 'audited.locks@example.com';
    const client = await clientWithMfa(email);
    const c = fromNewIp();
    for (let i = 0; i < 10; i += 1) await c.post('/api/login/check', { email, password: `guess ${i}` });
    await t.database.db.update(users).set({ loginLockedUntil: null }).where(eq(users.id, client.userId));
    for (let i = 0; i < 5; i += 1) {
      await c.post('/api/account/mfa/login', {
        mfa_token: await clientToken(c, email),
        code: await wrongCode(client.secret, i),
      });
    }
    const trail = await auditOf(client.userId);
    expect(trail.filter((a) => a.includes('.locked'))).toEqual([
      'signin.locked: 10 wrong passwords; 15 minutes',
      'mfa.locked: 5 wrong codes; 15 minutes',
    ]);
    expect(trail.filter((a) => a === 'signin.failed: wrong password')).toHaveLength(10);
    expect(trail.filter((a) => a === 'mfa.failed')).toHaveLength(5);
  });

  it('F-06: staff and admin calls refused to a signed-in user are audited, and so is a CSRF refusal with a staff session', async () => {
    const { sid: clientSid, userId: clientUserId, clientId } = await signUpAndLogIn(t, 'curious@example.com');
    const analyst = await staffSession(t, 'curious.analyst@firm.example', 'analyst');
    expect((await t.postAs(clientSid, '/api/staff/me')).statusCode).toBe(403);
    expect((await t.postAs(analyst.sid, '/api/staff/audit/list')).statusCode).toBe(403);
    expect(await auditOf(clientUserId)).toContain('staff.access.denied: /api/staff/me (staff only)');
    const [denied] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, clientUserId), eq(auditLog.action, 'staff.access.denied')));
    expect(denied?.clientId).toBe(clientId);
    expect(await auditOf(analyst.userId)).toEqual([
      'staff.access.denied: /api/staff/audit/list (admin only)',
    ]);

    // Someone else's page posting with the analyst's cookie but without the token.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/staff/clients/list',
      cookies: { sid: analyst.sid, [XSRF_COOKIE]: t.csrfToken },
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_FAILED');
    expect(await auditOf(analyst.userId)).toContain('staff.csrf.refused: POST /api/staff/clients/list');

    // Without a session nothing is written: it names nobody, and anyone could fill the log with them.
    const before = (await t.database.db.select().from(auditLog)).length;
    expect((await t.post('/api/staff/me')).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/staff/me',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(403);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before);
  });
});
