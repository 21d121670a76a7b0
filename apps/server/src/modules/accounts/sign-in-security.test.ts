/**
 * Sign-in hardening from the security review: one second-factor failure count and lock per account (F-01),
 * password locks that never lock out the owner (issue item 9), audited sign-in events (F-06), MFA off with a
 * code and per-user limits (F-15), and the session cookie (F-18).
 */
import { createHash } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { and, auditLog, authTokens, desc, emailOutbox, eq, isNull, sessions, sql, users } from '@taxfirm/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { hashToken, randomToken } from '../../lib/crypto/tokens.ts';
import {
  createTestApp,
  csrfFor,
  sentText,
  signUpAndLogIn,
  staffSession,
  useTestApp,
} from '../../../test/helpers.ts';
import { registrationBody } from '../../../test/samples.ts';

const CLIENT_PASSWORD = 'a long test password';
const STAFF_PASSWORD = 'a long staff passphrase';

const t = useTestApp();
beforeAll(async () => {
  // A call that starts a session and then fails: its answer must not carry the session (F-01).
  t.app.post('/api/test/start-then-fail', async (request: FastifyRequest, reply: FastifyReply) => {
    await reply.startSession((request.body as { user_id: string }).user_id);
    throw new AppError('FORBIDDEN');
  });
});

/** Each test comes from its own address, so the per-IP limits of one test never touch another. */
let lastIp = 0;
function fromNewIp() {
  lastIp += 1;
  const remoteAddress = `10.9.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
  const inject = (body: unknown, url: string, sid?: string) => {
    const token = sid ? csrfFor(sid) : t.csrfToken;
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      cookies: { [XSRF_COOKIE]: token, ...(sid ? { sid } : {}) },
      headers: { [XSRF_HEADER]: token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  };
  return {
    ip: remoteAddress,
    post: (url: string, body: unknown = {}) => inject(body, url),
    postAs: (sid: string, url: string, body: unknown = {}) => inject(body, url, sid),
  };
}
type Caller = ReturnType<typeof fromNewIp>;

const sidOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'sid')?.value ?? '';

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function liveSessions(userId: string) {
  return t.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The account's audit rows as `action` or `action: subject`, oldest first. */
async function auditOf(userId: string) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorUserId, userId))
    .orderBy(auditLog.seq);
  return rows.map((r) => (r.subject ? `${r.action}: ${r.subject}` : r.action));
}

/** E-mails to `email`, newest first, with their text as sent (one-time links opened). */
async function mailsTo(email: string) {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.createdAt));
  return rows.map((row) => ({ ...row, text: sentText(row) }));
}

/** The authenticator's code now, after clearing the replay guard (tests sign in more than once in 30 s). */
async function rightCode(userId: string, secret: string): Promise<string> {
  await t.database.db.update(users).set({ mfaLastTimeStep: null }).where(eq(users.id, userId));
  return generate({ secret });
}

/** A six-digit code that none of the accepted steps (now, ±30 s) gives. */
async function wrongCode(secret: string, seed = 0): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = await Promise.all([-30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d })));
  for (let n = 100_000 + seed * 7919; ; n += 1) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

/** A staff member with a password, not yet enrolled (as after npm run staff:create and the set-up link). */
async function staffWithPassword(email: string, role: 'admin' | 'analyst' = 'analyst') {
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      role,
      passwordHash: await hashPassword(STAFF_PASSWORD),
      firstName: 'Ada',
      lastName: 'Shah',
      verifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('staff member not made');
  return row.id;
}

/** A staff member who has enrolled an authenticator (their first login). */
async function enrolledStaff(email: string, role: 'admin' | 'analyst' = 'analyst') {
  const userId = await staffWithPassword(email, role);
  const c = fromNewIp();
  const token = (await c.post('/api/staff/login', { email, password: STAFF_PASSWORD })).json().mfa_token;
  const secret = (await c.post('/api/staff/login/enrol', { mfa_token: token })).json().secret as string;
  const confirm = await c.post('/api/staff/login/enrolconfirm', {
    mfa_token: token,
    code: await generate({ secret }),
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return {
    userId,
    secret,
    sid: sidOf(confirm),
    recoveryCodes: confirm.json().recovery_codes as string[],
  };
}

/** A verified client with two-step verification on. */
async function clientWithMfa(email: string) {
  const { sid, userId } = await signUpAndLogIn(t, email);
  const secret = (await t.postAs(sid, '/api/account/mfa/setup')).json().secret as string;
  const enabled = await t.postAs(sid, '/api/account/mfa/enable', { code: await generate({ secret }) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { sid, userId, secret, recoveryCodes: enabled.json().recovery_codes as string[] };
}

const staffToken = async (c: Caller, email: string) =>
  (await c.post('/api/staff/login', { email, password: STAFF_PASSWORD })).json().mfa_token as string;
const clientToken = async (c: Caller, email: string) =>
  (await c.post('/api/login/check', { email, password: CLIENT_PASSWORD })).json().mfa_token as string;

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

describe('issue item 9: login limits that never lock out the owner', () => {
  it('15 successful logins in a row for one account all succeed, at both doors', async () => {
    const client = 'frequent.client@example.com';
    await signUpAndLogIn(t, client);
    await enrolledStaff('frequent.staff@firm.example');
    const c = fromNewIp();
    const answers: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      answers.push(
        (await c.post('/api/login/check', { email: client, password: CLIENT_PASSWORD })).statusCode,
      );
      answers.push(
        (await c.post('/api/staff/login', { email: 'frequent.staff@firm.example', password: STAFF_PASSWORD }))
          .statusCode,
      );
    }
    expect(answers).toEqual(Array(30).fill(200));
  });

  it('10 wrong passwords lock the account, the right one included, until the lock ends; a success resets the count', async () => {
    const email = 'guessed.client@example.com';
    const { userId } = await signUpAndLogIn(t, email);
    const c = fromNewIp();
    const login = (password: string) => c.post('/api/login/check', { email, password });
    // Nine wrong, then the owner: the count starts again.
    for (let i = 0; i < 9; i += 1) expect((await login(`guess ${i}`)).statusCode).toBe(401);
    expect((await login(CLIENT_PASSWORD)).statusCode).toBe(200);
    expect((await userRow(email)).loginFailures).toBe(0);
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await login(`guess ${i}`)).statusCode);
    expect(answers).toEqual(Array(10).fill(401));
    const refused = await login(CLIENT_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      http_code: 429,
      code: 'TOO_MANY_REQUESTS',
      status_smessage: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(sidOf(refused)).toBe('');
    // The lock is the account's, not the address's: another IP is refused too.
    expect(
      (await fromNewIp().post('/api/login/check', { email, password: CLIENT_PASSWORD })).statusCode,
    ).toBe(429);
    expect(await auditOf(userId)).toContain('signin.locked: 10 wrong passwords; 15 minutes');

    await t.database.db
      .update(users)
      .set({ loginLockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, userId));
    const after = await login(CLIENT_PASSWORD);
    expect(after.statusCode).toBe(200);
    expect(sidOf(after)).not.toBe('');
  });

  it('locks a staff account at both doors, and a reset link lifts the lock', async () => {
    const email = 'guessed.staff@firm.example';
    await enrolledStaff(email);
    const c = fromNewIp();
    // Wrong passwords at either door count towards one lock.
    for (let i = 0; i < 10; i += 1) {
      const url = i % 2 === 0 ? '/api/staff/login' : '/api/login/check';
      expect((await c.post(url, { email, password: `guess ${i}` })).statusCode).toBe(401);
    }
    expect((await c.post('/api/staff/login', { email, password: STAFF_PASSWORD })).statusCode).toBe(429);

    const client = 'reset.unlocks@example.com';
    await signUpAndLogIn(t, client);
    for (let i = 0; i < 10; i += 1)
      await c.post('/api/login/check', { email: client, password: `guess ${i}` });
    expect((await c.post('/api/login/check', { email: client, password: CLIENT_PASSWORD })).statusCode).toBe(
      429,
    );
    await c.post('/api/login/forgot', { email: client });
    const link = /newpasswordlink\?(\S+)/.exec((await mailsTo(client))[0]?.text ?? '')?.[1] ?? '';
    const query = new URLSearchParams(link);
    const reset = await c.post('/api/login/forgotchecker', {
      tokenId: query.get('tokenId'),
      userid: query.get('userid'),
      newpassword: 'a fresh reset passphrase',
      confirmpassword: 'a fresh reset passphrase',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await c.post('/api/login/check', { email: client, password: 'a fresh reset passphrase' })).statusCode,
    ).toBe(200);
  });
});

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
    const viaStaffLink = await t.post('/api/settings/updatepasswordlink', {
      token_id: secret,
      newpassword: 'a fourth long passphrase',
      cpassword: 'a fourth long passphrase',
    });
    expect(viaStaffLink.statusCode, viaStaffLink.body).toBe(200);
    expect(await auditOf(userId)).toEqual([
      'signin.succeeded: password',
      'password.change.failed: wrong old password',
      'password.changed',
      'password.reset: e-mailed link',
      'password.reset: staff-sent or set-up link',
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

describe('F-15: a held session cannot guess passwords', () => {
  it('F-15: user/changepassword allows 5 tries per account in 15 minutes, whatever the IP', async () => {
    const { sid } = await signUpAndLogIn(t, 'guessing.session@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await fromNewIp().postAs(sid, '/api/user/changepassword', {
        oldpassword: `guess number ${i}`,
        password: 'another long passphrase',
        confirmpassword: 'another long passphrase',
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('F-18: the session cookie', () => {
  it('F-18: over http it is sid, a browser-session cookie (no Max-Age or Expires)', async () => {
    await signUpAndLogIn(t, 'cookie.dev@example.com');
    const res = await fromNewIp().post('/api/login/check', {
      email: 'cookie.dev@example.com',
      password: CLIENT_PASSWORD,
    });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
  });

  it('F-18: with secure cookies it is __Host-sid (Secure, Path=/, no Domain), and a plain sid is ignored', async () => {
    const prod = await createTestApp({ isProduction: true });
    try {
      const email = 'cookie.prod@example.com';
      const post = (url: string, body: unknown, cookies: Record<string, string> = {}) =>
        prod.app.inject({
          method: 'POST',
          url,
          cookies: { [XSRF_COOKIE]: prod.csrfToken, ...cookies },
          headers: { [XSRF_HEADER]: prod.csrfToken, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      expect(
        (await post('/api/login/register', registrationBody({ email, password: CLIENT_PASSWORD })))
          .statusCode,
      ).toBe(200);
      await prod.database.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.email, email));
      const login = await post('/api/login/check', { email, password: CLIENT_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = login.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
      expect(cookie?.maxAge).toBeUndefined();
      expect(login.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      const token = cookie?.value ?? '';
      const poll = async (cookies: Record<string, string>, csrf: string) => {
        const res = await prod.app.inject({
          method: 'POST',
          url: '/api/settings/logoutstatus',
          cookies: { [XSRF_COOKIE]: csrf, ...cookies },
          headers: { [XSRF_HEADER]: csrf, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().loginstatus as number;
      };
      expect(await poll({ '__Host-sid': token }, csrfFor(token))).toBe(1);
      // The unprefixed name (what a sibling subdomain could plant) opens nothing: the request is a visitor's.
      expect(await poll({ sid: token }, prod.csrfToken)).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
