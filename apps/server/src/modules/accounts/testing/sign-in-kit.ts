/**
 * What the sign-in security tests share (sign-in-mfa-lock, sign-in-limits, sign-in-audit, session-cookie): a
 * caller from a fresh IP per test, the account's rows (user, live sessions, audit, e-mails), authenticator
 * codes right and wrong, and staff and clients with and without a second factor.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import { and, auditLog, desc, emailOutbox, eq, isNull, sessions, users } from '@taxfirm/db';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { hashPassword } from '../../../lib/crypto/passwords.ts';
import { csrfFor, sentText, signUpAndLogIn, type TestApp } from '../../../../test/helpers.ts';

export const CLIENT_PASSWORD = 'a long test password';
export const STAFF_PASSWORD = 'a long staff passphrase';

export const sidOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'sid')?.value ?? '';

/** A six-digit code that none of the accepted steps (now, ±30 s) gives. */
export async function wrongCode(secret: string, seed = 0): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = await Promise.all([-30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d })));
  for (let n = 100_000 + seed * 7919; ; n += 1) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

/** The helpers bound to the file's app (`useTestApp()`). */
export function signInKit(t: TestApp) {
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

  const staffToken = async (c: ReturnType<typeof fromNewIp>, email: string) =>
    (await c.post('/api/staff/login', { email, password: STAFF_PASSWORD })).json().mfa_token as string;
  const clientToken = async (c: ReturnType<typeof fromNewIp>, email: string) =>
    (await c.post('/api/login/check', { email, password: CLIENT_PASSWORD })).json().mfa_token as string;
  return {
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
  };
}
