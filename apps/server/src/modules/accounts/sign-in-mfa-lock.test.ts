/**
 * Sign-in hardening from the security review, F-01: one second-factor failure count and lock per account,
 * across doors and tokens; a failed answer carries no session.
 */
import { XSRF_COOKIE } from '@taxfirm/contract';
import { authTokens, eq, sql, users } from '@taxfirm/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { staffSession, useTestApp } from '../../../test/helpers.ts';
import { CLIENT_PASSWORD, sidOf, signInKit, wrongCode } from './testing/sign-in-kit.ts';

const t = useTestApp();
beforeAll(async () => {
  // A call that starts a session and then fails: its answer must not carry the session (F-01).
  t.app.post('/api/test/start-then-fail', async (request: FastifyRequest, reply: FastifyReply) => {
    await reply.startSession((request.body as { user_id: string }).user_id);
    throw new AppError('FORBIDDEN');
  });
});
const {
  fromNewIp,
  userRow,
  liveSessions,
  auditOf,
  mailsTo,
  rightCode,
  staffWithPassword,
  enrolledStaff,
  clientWithMfa,
  staffToken,
  clientToken,
} = signInKit(t);

describe('F-01: one count of wrong second-factor codes per account, across doors and tokens', () => {
  it('F-01: 20 wrong codes for one staff account across both endpoints and fresh tokens never sign in, and lock even the right code', async () => {
    const email = 'locked.analyst@firm.example';
    const staff = await enrolledStaff(email);
    const c = fromNewIp();
    const sessionsBefore = (await liveSessions(staff.userId)).length;
    // Minted before the lock: the lock must kill it.
    const minted = [await staffToken(c, email)];
    const answers: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const url = i % 2 === 0 ? '/api/staff/login/mfa' : '/api/account/mfa/login';
      const token = await staffToken(c, email);
      if (i <= 8) minted.push(token);
      const res = await c.post(url, { mfa_token: token, code: await wrongCode(staff.secret, i) });
      answers.push(`${url.includes('staff') ? 'staff' : 'client'} ${res.statusCode} ${res.json().code}`);
      expect(res.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    }
    // The client door refuses staff tokens like unknown ones (no code is looked at); the staff door counts
    // five wrong codes, then refuses every attempt while the lock lasts.
    expect(answers).toEqual(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 1
          ? 'client 401 MFA_LOGIN_EXPIRED'
          : i <= 8
            ? 'staff 400 VALIDATION_FAILED'
            : 'staff 429 TOO_MANY_REQUESTS',
      ),
    );

    // Locked: the right code is refused too, with a fresh token...
    const right = await c.post('/api/staff/login/mfa', {
      mfa_token: await staffToken(c, email),
      code: await rightCode(staff.userId, staff.secret),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().status_smessage).toBe('Too many attempts. Please wait a moment and try again.');
    expect(right.cookies).toEqual([]);
    // ...and every token live when the lock came down is dead.
    const early = await c.post('/api/staff/login/mfa', {
      mfa_token: minted[0],
      code: await rightCode(staff.userId, staff.secret),
    });
    expect(early.json().code).toBe('MFA_LOGIN_EXPIRED');
    for (const token of minted) {
      const [row] = await t.database.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(token)));
      expect(row).toMatchObject({ kind: 'staff_mfa_login' });
      expect(row?.usedAt).toBeInstanceOf(Date);
    }
    // A correct code on the client endpoint with a staff token: the invalid-token answer, no cookie, no session.
    const unknown = await c.post('/api/account/mfa/login', { mfa_token: 'not-a-token', code: '123456' });
    const crossed = await c.post('/api/account/mfa/login', {
      mfa_token: await staffToken(c, email),
      code: await rightCode(staff.userId, staff.secret),
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual(unknown.json());
    expect(crossed.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    expect(await liveSessions(staff.userId)).toHaveLength(sessionsBefore);

    // One e-mail, in plain words and with no link or secret.
    const locks = (await mailsTo(email)).filter((m) => m.subject.includes('blocked sign-in attempts'));
    expect(locks).toHaveLength(1);
    expect(locks[0]?.text).toContain('We blocked sign-in attempts with a wrong code on your account');
    expect(locks[0]?.text).toContain("If this wasn't you, change your password");
    expect(locks[0]?.text).not.toMatch(/https?:\/\//);
    const trail = await auditOf(staff.userId);
    expect(trail.filter((a) => a === 'staff.mfa.failed')).toHaveLength(5);
    expect(trail.filter((a) => a.startsWith('staff.mfa.locked'))).toEqual([
      'staff.mfa.locked: 5 wrong codes; 15 minutes',
    ]);
    expect(trail.filter((a) => a === 'staff.mfa.failed: locked').length).toBeGreaterThanOrEqual(5);
    const locked = await userRow(email);
    expect(locked.mfaFailures).toBe(0);
    expect(locked.mfaLockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    // Once the lock ends (moved by the database rather than waited for), the right code signs in.
    await t.database.db
      .update(users)
      .set({ mfaLockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, staff.userId));
    const after = await c.post('/api/staff/login/mfa', {
      mfa_token: await staffToken(c, email),
      code: await rightCode(staff.userId, staff.secret),
    });
    expect(after.statusCode, after.body).toBe(200);
    expect(sidOf(after)).not.toBe('');
  });

  it('F-01: a success resets the count', async () => {
    const email = 'resets.count@firm.example';
    const staff = await enrolledStaff(email);
    const c = fromNewIp();
    const fourWrong = async () => {
      for (let i = 0; i < 4; i += 1) {
        const res = await c.post('/api/staff/login/mfa', {
          mfa_token: await staffToken(c, email),
          code: await wrongCode(staff.secret, i),
        });
        expect(res.statusCode).toBe(400);
      }
      expect((await userRow(email)).mfaFailures).toBe(4);
    };
    const signIn = async () =>
      c.post('/api/staff/login/mfa', {
        mfa_token: await staffToken(c, email),
        code: await rightCode(staff.userId, staff.secret),
      });
    await fourWrong();
    expect((await signIn()).statusCode).toBe(200);
    expect((await userRow(email)).mfaFailures).toBe(0);
    await fourWrong();
    // Eight wrong codes in all, never five in a row: no lock.
    expect((await signIn()).statusCode).toBe(200);
    expect((await userRow(email)).mfaLockedUntil).toBeNull();
  });

  it("F-01: a client's wrong codes lock every door of the account: the login step and turning MFA off", async () => {
    const email = 'locked.client@example.com';
    const client = await clientWithMfa(email);
    const c = fromNewIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await c.post('/api/account/mfa/login', {
        mfa_token: await clientToken(c, email),
        code: await wrongCode(client.secret, i),
      });
      expect(res.statusCode).toBe(400);
    }
    const right = await c.post('/api/account/mfa/login', {
      mfa_token: await clientToken(c, email),
      code: await rightCode(client.userId, client.secret),
    });
    expect(right.statusCode).toBe(429);
    expect(right.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    // A held session cannot use the time either: turning MFA off is refused while locked.
    const off = await c.postAs(client.sid, '/api/account/mfa/disable', {
      password: CLIENT_PASSWORD,
      code: client.recoveryCodes[0],
    });
    expect(off.statusCode).toBe(429);
    expect((await userRow(email)).mfaEnabledAt).toBeInstanceOf(Date);
    expect((await mailsTo(email)).filter((m) => m.subject.includes('blocked sign-in attempts'))).toHaveLength(
      1,
    );
    expect(await auditOf(client.userId)).toContain('mfa.locked: 5 wrong codes; 15 minutes');
  });

  it("F-01: staff enrolment's wrong codes count towards the same lock", async () => {
    const email = 'enrol.lock@firm.example';
    const userId = await staffWithPassword(email);
    const c = fromNewIp();
    const first = await staffToken(c, email);
    const secret = (await c.post('/api/staff/login/enrol', { mfa_token: first })).json().secret as string;
    for (let i = 0; i < 5; i += 1) {
      const res = await c.post('/api/staff/login/enrolconfirm', {
        mfa_token: await staffToken(c, email),
        code: await wrongCode(secret, i),
      });
      expect(res.statusCode).toBe(400);
    }
    const right = await c.post('/api/staff/login/enrolconfirm', {
      mfa_token: await staffToken(c, email),
      code: await generate({ secret }),
    });
    expect(right.statusCode).toBe(429);
    expect(right.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    expect((await userRow(email)).mfaEnabledAt).toBeNull();
    expect(await auditOf(userId)).toContain('staff.mfa.locked: 5 wrong codes; 15 minutes');
  });

  it('F-01: an answer that fails after a session was started carries no session cookie, and that session is dead', async () => {
    const staff = await staffSession(t, 'never.started@firm.example', 'analyst');
    const before = (await liveSessions(staff.userId)).length;
    const res = await t.post('/api/test/start-then-fail', { user_id: staff.userId });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.map((cookie) => cookie.name)).not.toContain('sid');
    expect(res.cookies.map((cookie) => cookie.name)).not.toContain(XSRF_COOKIE);
    expect(await liveSessions(staff.userId)).toHaveLength(before);
  });
});
